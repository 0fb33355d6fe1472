/** The container tool the image tests use, and the containers they run. */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';

/** The image `npx -y pnpm@10 build:image` builds. */
export const IMAGE = 'partner-assistant/reference-server';

/** The OCI runtime wrapper `scripts/container-setup.sh` writes (runc without rlimits). */
const SETUP_RUNTIME = '/usr/local/bin/runc-norlimit';

/** A container tool as command and leading arguments, and why it cannot run, if it cannot. */
export interface ContainerEngine {
  cli: string[];
  problem: string | undefined;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/**
 * `CONTAINER_CLI`, else podman (through the setup script's runtime when it is there), else
 * docker; `problem` says why it cannot run containers here (`info` fails).
 */
export function containerEngine(env: NodeJS.ProcessEnv = process.env): ContainerEngine {
  const podman = existsSync(SETUP_RUNTIME) ? `podman --runtime ${SETUP_RUNTIME}` : 'podman';
  const text = env.CONTAINER_CLI?.trim() || (onPath('podman') ? podman : 'docker');
  const cli = text.split(/\s+/);
  const [command = 'docker', ...rest] = cli;
  const info = spawnSync(command, [...rest, 'info'], { encoding: 'utf8', timeout: 60_000 });
  const reason = info.error?.message ?? (info.stderr || '').trim().split('\n').pop();
  const problem = info.status === 0 ? undefined : `${text} info failed: ${reason}`;
  return { cli, problem };
}

/** Whether the engine is podman (which has `healthcheck run`). */
export const isPodman = (engine: ContainerEngine) => basename(engine.cli[0] ?? '') === 'podman';

/**
 * Runs the engine with `args`; resolves with stdout, rejects with the command and its output
 * (stderr, then stdout: where a container's own output goes).
 */
export function engineRun(engine: ContainerEngine, args: string[]): Promise<string> {
  const [command = 'docker', ...rest] = engine.cli;
  return new Promise((resolve, reject) => {
    execFile(command, [...rest, ...args], { maxBuffer: 16 * 1024 * 1024 }, (error, out, err) => {
      if (error)
        reject(new Error(`${engine.cli.join(' ')} ${args.join(' ')} failed: ${err}${out}`));
      else resolve(out);
    });
  });
}

/** A running container of the image, as a CI suite uses it. */
export interface RunningContainer {
  name: string;
  baseUrl: string;
  /** `stop -t 1` (SIGTERM, SIGKILL after a second): resolves with the exit code (137 killed). */
  stop(): Promise<number>;
  /** What it printed on stdout and on stderr. */
  logs(): Promise<{ stdout: string; stderr: string }>;
}

/** Starts a container of the image, its `port` published on a free loopback port. */
export async function runContainer(
  engine: ContainerEngine,
  options: { args: string[]; env?: Record<string, string>; mounts?: string[]; port?: number },
): Promise<RunningContainer> {
  const name = `pa-reference-server-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const port = options.port ?? 4010;
  await engineRun(engine, [
    'run',
    '--detach',
    '--name',
    name,
    '--publish',
    `127.0.0.1::${port}`,
    ...Object.entries(options.env ?? {}).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    ...(options.mounts ?? []).flatMap((mount) => ['--volume', mount]),
    IMAGE,
    ...options.args,
  ]);
  const published = (await engineRun(engine, ['port', name, `${port}/tcp`])).trim().split('\n')[0];
  return {
    name,
    baseUrl: `http://${published}`,
    stop: async () => {
      await engineRun(engine, ['stop', '--time', '1', name]);
      return Number(
        (await engineRun(engine, ['inspect', name, '--format', '{{.State.ExitCode}}'])).trim(),
      );
    },
    logs: async () => {
      const [command = 'docker', ...rest] = engine.cli;
      const result = spawnSync(command, [...rest, 'logs', name], { encoding: 'utf8' });
      return { stdout: result.stdout, stderr: result.stderr };
    },
  };
}

/** Removes containers, whatever their state. */
export async function removeContainers(engine: ContainerEngine, names: string[]): Promise<void> {
  if (names.length > 0) await engineRun(engine, ['rm', '--force', ...names]).catch(() => {});
}

/**
 * The image's own `HEALTHCHECK`, run once: podman runs it on demand; docker runs it on its
 * schedule, so its status is read until it is no longer `starting`.
 */
export async function healthStatus(engine: ContainerEngine, name: string): Promise<string> {
  if (isPodman(engine)) {
    return engineRun(engine, ['healthcheck', 'run', name]).then(
      () => 'healthy',
      () => 'unhealthy',
    );
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = (
      await engineRun(engine, ['inspect', name, '--format', '{{.State.Health.Status}}'])
    ).trim();
    if (status !== 'starting' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
