import { createDemoClient } from './demo-client.ts';
import { runTerminalChat } from './terminal-chat.ts';

// Defaults fit the reference server's demo configuration (`npx partner-assistant-server`, on port 4010).
const client = createDemoClient({
  baseUrl: process.env.PARTNER_ASSISTANT_BASE_URL ?? 'http://127.0.0.1:4010',
  clientId: process.env.PARTNER_ASSISTANT_CLIENT_ID ?? 'demo-sandbox',
  clientSecret: process.env.PARTNER_ASSISTANT_CLIENT_SECRET ?? 'demo-sandbox-secret',
});

// Ctrl-C stops the answer in progress, closes the socket and exits 0. The listener stays for the
// whole run: a terminal's Ctrl-C reaches every process of the group and `npm start` forwards it
// once more, and a SIGINT nobody listens to would end the process with 130 instead.
const interrupt = new AbortController();
process.on('SIGINT', () => interrupt.abort());

process.exitCode = await runTerminalChat({
  client,
  input: process.stdin,
  output: process.stdout,
  signal: interrupt.signal,
});
