import { spawn } from 'node:child_process';

/** Runs a command to its end; resolves with its exit code and its output (stdout and stderr). */
export async function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips colours.
  return { code, output: output.replace(/\u001b\[[0-9;]*m/g, '') };
}
