import { parseArgs } from 'node:util';
import { PartnerBackend } from '@partner-assistant/backend';
import { createApp } from './app.ts';
import type { Account } from './demo-session.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see README.md)`);
  return value;
}

// The secret comes from the environment (or a secret manager), never from source code.
const backend = new PartnerBackend({
  baseUrl: required('PARTNER_ASSISTANT_BASE_URL'),
  clientId: required('PARTNER_ASSISTANT_CLIENT_ID'),
  clientSecret: required('PARTNER_ASSISTANT_CLIENT_SECRET'),
  tokenCache: true,
});

// One demo session, standing in for your users signing in.
const sessions = new Map<string, Account>([['demo-session', { userId: 'demo-user-1' }]]);

// `npm start -- --port 3001` (npm drops the `--`; pnpm passes it on, so a leading one is skipped).
const args = process.argv.slice(2);
const { values } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  options: { port: { type: 'string', short: 'p' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  throw new Error(`Invalid port: ${values.port}`);

createApp({ backend, sessions }).listen(port, () => {
  console.log(`Partner server on http://localhost:${port}`);
  console.log(
    `Try: curl -X POST -H 'x-demo-session: demo-session' http://localhost:${port}/assistant/token`,
  );
});
