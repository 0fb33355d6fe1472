#!/usr/bin/env node
// Builds the reference server's OCI image, `partner-assistant/reference-server:latest` and
// `:<version>`, from this package's Dockerfile: the one-file bundle first, then the image with the
// container tool `CONTAINER_CLI` names (default `docker`; `podman`, with any flags of its own,
// works too). Arguments are passed on to `build` (such as `--platform linux/arm64`).
//
//   CONTAINER_CLI=podman npx -y pnpm@10 build:image
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli, serverVersion } from './bundle-cli.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** The image's name, without a tag. */
export const IMAGE_NAME = 'partner-assistant/reference-server';

/** The container tool as a command and its leading arguments: `CONTAINER_CLI`, else `docker`. */
export function containerCli(env = process.env) {
  return (env.CONTAINER_CLI?.trim() || 'docker').split(/\s+/);
}

/** The `build` command line: podman is told to keep Docker's format, which has `HEALTHCHECK`. */
export function imageBuildCommand(cli, version, extra = []) {
  const podman = basename(cli[0]) === 'podman';
  return [
    ...cli,
    'build',
    ...(podman ? ['--format', 'docker'] : []),
    '--build-arg',
    `VERSION=${version}`,
    '--tag',
    `${IMAGE_NAME}:latest`,
    '--tag',
    `${IMAGE_NAME}:${version}`,
    '--file',
    join(packageRoot, 'Dockerfile'),
    ...extra,
    packageRoot,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const extra = process.argv.slice(2).filter((arg, index) => index > 0 || arg !== '--');
  await bundleCli();
  const [command, ...args] = imageBuildCommand(containerCli(), serverVersion(), extra);
  const build = spawnSync(command, args, { stdio: 'inherit' });
  if (build.error) {
    process.stderr.write(
      `Cannot run ${command}: ${build.error.message}. Install Docker or Podman, or name the tool with CONTAINER_CLI.\n`,
    );
    process.exit(1);
  }
  process.exit(build.status ?? 1);
}
