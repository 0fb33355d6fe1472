/**
 * Run as a child process by `close-exits.test.ts`: opens a client against `baseUrl`, waits until
 * `mode` holds (`frozen`: the socket is open; `token`: the token provider is being waited for),
 * closes it, prints `closed`, and leaves the process to exit by itself.
 */
import { PartnerAssistantClient } from '../../src/index.node.ts';

const [mode, baseUrl = 'http://127.0.0.1:9'] = process.argv.slice(2);
let asked: () => void = () => {};
const providerAsked = new Promise<void>((resolve) => {
  asked = resolve;
});
const client = new PartnerAssistantClient({
  baseUrl,
  lifecycle: false,
  tokenTimeoutMs: 60_000,
  heartbeatIntervalMs: 60_000,
  token:
    mode === 'token'
      ? () => {
          asked(); // the provider is being waited for
          return new Promise<string>(() => {});
        }
      : 'token',
});
client.chat.resume('5f7c0c6e-8d0a-4b51-9a7e-1c2d3e4f5a6b');
if (mode === 'frozen') {
  await new Promise<void>((resolve) =>
    client.connection.on('statechange', (s) => s === 'open' && resolve()),
  );
} else {
  await providerAsked;
}
await client.close();
console.log('closed');
