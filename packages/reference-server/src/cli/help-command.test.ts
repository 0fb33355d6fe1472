import { describe, expect, it } from 'vitest';
import { helpCommand } from './help-command.ts';

const node = '/usr/local/bin/node';

describe('helpCommand: the help command that works where the CLI runs', () => {
  it('names the installed command when it runs as one', () => {
    for (const script of [
      '/app/node_modules/.bin/partner-assistant-server',
      '/app/node_modules/@partner-assistant/reference-server/bin/partner-assistant-server.js',
    ]) {
      expect(helpCommand([node, script], {}, '/app')).toBe('partner-assistant-server --help');
    }
  });

  it('names the starter’s command when it says which (the repository’s pnpm start)', () => {
    const env = { PARTNER_ASSISTANT_SERVER_COMMAND: 'pnpm start' };
    expect(helpCommand([node, '/repo/dist-bundle/x.cjs'], env, '/repo')).toBe('pnpm start --help');
  });

  it('names the file it runs as otherwise: a bundle, or a single executable', () => {
    const bundle = '/repo/packages/reference-server/dist-bundle/partner-assistant-server.cjs';
    expect(helpCommand([node, bundle], {}, '/repo')).toBe(
      'node ./packages/reference-server/dist-bundle/partner-assistant-server.cjs --help',
    );
    const binary = '/repo/dist-bin/partner-assistant-server-linux';
    expect(helpCommand([binary, binary], {}, '/repo')).toBe(
      './dist-bin/partner-assistant-server-linux --help',
    );
    expect(helpCommand([binary, binary], {}, '/elsewhere')).toBe(
      '../repo/dist-bin/partner-assistant-server-linux --help',
    );
    const named = '/repo/dist-bin/partner-assistant-server';
    expect(helpCommand([named, named], {}, '/repo')).toBe(
      './dist-bin/partner-assistant-server --help',
    );
  });
});
