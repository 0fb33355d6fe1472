import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArguments } from './cli-arguments.ts';
import { prettyLogLine } from './cli-logger.ts';
import { USAGE } from './cli-usage.ts';

const start = (argv: string[], env: Record<string, string> = {}) => {
  const request = parseCliArguments(argv, env);
  if (request.kind !== 'start') throw new Error(`not a start: ${request.kind}`);
  return request;
};

describe('the CLI options', () => {
  it('listen on 4010 unless --port or PORT says otherwise; --port wins; 0 stays a free port', () => {
    expect(start([]).port).toBe(4010);
    expect(start([], { PORT: '' }).port).toBe(4010);
    expect(start([], { PORT: '5001' }).port).toBe(5001);
    expect(start(['--port', '5002'], { PORT: '5001' }).port).toBe(5002);
    expect(start(['-p', '0'], { PORT: '5001' }).port).toBe(0);
    expect(start([], { PORT: '0' }).port).toBe(0);
  });

  it('name the source of a bad port: the flag or the variable', () => {
    expect(() => start([], { PORT: 'http' })).toThrow(
      new CliUsageError('PORT must be an integer from 0 to 65535, got "http"'),
    );
    expect(() => start(['--port', '70000'])).toThrow(/^--port must be/);
  });

  it('take the log level from --log-level, else LOG_LEVEL, else info; the format only when asked', () => {
    expect(start([])).toMatchObject({ logLevel: 'info', logFormat: undefined });
    expect(start([], { LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(start(['--log-level', 'debug'], { LOG_LEVEL: 'warn' }).logLevel).toBe('debug');
    expect(start(['--log-format', 'json']).logFormat).toBe('json');
    expect(() => start(['--log-format', 'xml'])).toThrow('--log-format must be pretty or json');
    expect(() => start([], { LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of fatal/);
  });

  it('read -h as help, and refuse a manual clock that nothing could move (no --admin)', () => {
    expect(parseCliArguments(['-h'], {})).toEqual({ kind: 'help' });
    expect(() => start(['--clock', 'manual'])).toThrow('--clock manual needs --admin');
    expect(() => start(['--seed', 'ci'])).toThrow(/needs --admin/);
    expect(start(['--seed', 'ci', '--admin']).seed).toBe('ci');
  });
});

describe('the profile options', () => {
  it('read --profile and --uuid-case, leaving both to the server when absent', () => {
    expect(start([])).not.toHaveProperty('profile');
    expect(start([])).not.toHaveProperty('uuidCase');
    expect(start(['--profile', 'minimal'])).toMatchObject({ profile: 'minimal' });
    expect(start(['--profile', 'full', '--uuid-case', 'upper'])).toMatchObject({
      profile: 'full',
      uuidCase: 'upper',
    });
  });

  it('refuse a profile or case they do not know, naming the choices', () => {
    expect(() => start(['--profile', 'strict'])).toThrow(
      new CliUsageError('--profile must be full or minimal, got "strict"'),
    );
    expect(() => start(['--uuid-case', 'mixed'])).toThrow(
      new CliUsageError('--uuid-case must be lower or upper, got "mixed"'),
    );
  });

  it('show both in --help', () => {
    expect(USAGE).toContain('[--profile full|minimal] [--uuid-case lower|upper]');
    expect(USAGE).toMatch(/--profile P +full \(default\)/);
    expect(USAGE).toMatch(/--uuid-case C +Case of the ids issued/);
  });
});

describe('a pretty log line', () => {
  it('shows a request as time, level, method, path, status, duration, operation and caller', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.parse('2026-01-01T12:00:01.250Z'),
      pid: 1,
      hostname: 'h',
      msg: 'request',
      request_id: 'r-1',
      method: 'POST',
      path: '/api/partners/v1/tokens',
      operation: 'issueToken',
      client_id: 'demo-sandbox',
      status: 200,
      duration_ms: 3.1,
    });
    expect(prettyLogLine(line)).toBe(
      '12:00:01.250 INFO  POST /api/partners/v1/tokens 200 3.1 ms issueToken demo-sandbox (request r-1)\n',
    );
  });

  it('shows any other event with its fields on the same line, an error by its message', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.parse('2026-01-01T12:00:00Z'),
      msg: 'unexpected failure',
      request_id: 'r-2',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(prettyLogLine(line)).toBe(
      '12:00:00.000 ERROR unexpected failure request_id=r-2 err="boom"\n',
    );
  });
});
