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
const port = Number(process.env.PORT ?? 3000);

createApp({ backend, sessions }).listen(port, () => {
  console.log(`Partner server on http://localhost:${port}`);
  console.log(
    `Try: curl -X POST -H 'x-demo-session: demo-session' http://localhost:${port}/assistant/token`,
  );
});
