import { basename, isAbsolute, relative, resolve } from 'node:path';

/** The command's name where the package is installed (`npx partner-assistant-server`). */
const INSTALLED_NAME = 'partner-assistant-server';

/**
 * Environment variable naming the command that started the CLI, for the hint after a usage
 * error, when it is not the installed `partner-assistant-server`: the repository's `pnpm start`
 * sets it, and the container image names `docker run`.
 */
export const COMMAND_ENV = 'PARTNER_ASSISTANT_SERVER_COMMAND';

/**
 * The command that prints the help where the CLI runs now: the installed command's name when it
 * runs as the installed command, the starter's own (`pnpm start --help` in the repository) when
 * it says so, otherwise the file it runs as (`node dist-bundle/partner-assistant-server.cjs
 * --help`, `./dist-bin/partner-assistant-server --help`), which works as typed.
 *
 * @example
 * helpCommand(['/usr/bin/node', '/app/node_modules/.bin/partner-assistant-server'], {})
 * // 'partner-assistant-server --help'
 */
export function helpCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): string {
  const command = env[COMMAND_ENV];
  if (command) return `${command} --help`;
  const [runtime = 'node', script] = argv;
  if (!script) return `${INSTALLED_NAME} --help`;
  const shown = (file: string) => {
    const path = isAbsolute(file) ? relative(cwd, file) : file;
    return path.startsWith('.') || isAbsolute(path) ? path : `./${path}`;
  };
  // A single executable (`pnpm build:binary`): argv[1] is the executable itself (as typed), off
  // the PATH.
  if (resolve(cwd, script) === resolve(cwd, runtime)) return `${shown(script)} --help`;
  if (basename(script).replace(/\.js$/, '') === INSTALLED_NAME) return `${INSTALLED_NAME} --help`;
  return `node ${shown(script)} --help`;
}
