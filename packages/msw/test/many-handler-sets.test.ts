import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const tsx = pathToFileURL(fileURLToPath(import.meta.resolve('tsx'))).href;

/**
 * A suite that creates handlers per test (twenty, in one process, as files sharing a worker do)
 * runs without Node's listener-leak warning. Before, each set added a listener to msw's one
 * `BroadcastChannel`, and the eleventh printed `MaxListenersExceededWarning`. In a fresh process:
 * Node warns once per process, and this one's may have warned already.
 */
it('twenty sets of handlers in one process print no MaxListenersExceededWarning', async () => {
  const dir = mkdtempSync(`${tmpdir()}/msw-handler-sets-`);
  const script = `${dir}/sets.mts`;
  writeFileSync(
    script,
    `import { createPartnerAssistantHandlers } from ${JSON.stringify(entry)};
for (let i = 0; i < 20; i++) createPartnerAssistantHandlers({ baseUrl: 'https://assistant.example.test' });
setTimeout(() => console.log('created'), 50);
`,
  );
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', tsx, '--conditions=@partner-assistant/source', script],
        (error, stdout, stderr) => (error ? reject(error) : resolve(`${stdout}${stderr}`)),
      );
    });
    expect(printed).toContain('created');
    expect(printed).not.toContain('MaxListenersExceededWarning');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
