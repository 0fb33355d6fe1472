import { DEMO_CONFIG } from '@partner-assistant/engine/internal';
import type { RunningReferenceServer } from '../start-reference-server.ts';

/**
 * The one line printed to stdout once the server listens: the REST base URL, the WebSocket
 * channel's full URL and what the server runs on.
 */
export function readyLine(
  server: RunningReferenceServer,
  setup: { configFile: string | undefined; admin: boolean },
): string {
  const source = [
    setup.configFile ? `config ${setup.configFile}` : 'demo configuration',
    ...(setup.admin ? ['admin API at /__admin'] : []),
    ...(server.control.clock.mode === 'manual' ? ['manual clock'] : []),
  ].join(', ');
  return `Partner Assistant reference server listening on ${server.url} (WebSocket channel ${server.channelUrl}; ${source})`;
}

/**
 * The demo configuration's credentials, printed to stderr when it is in use. They are public
 * (the README lists them) and valid against this server only; a configuration file's secrets
 * are never printed.
 */
export function demoCredentialsText(): string {
  const rows = DEMO_CONFIG.partners.flatMap((partner) =>
    partner.applications.map(
      (application) =>
        `  ${`${application.client_id} / ${application.client_secret}`.padEnd(46)}${partner.name}, ${application.environment}, ${application.scopes.join(' ')}`,
    ),
  );
  return [
    'Demo credentials (public, for this server only): client id / client secret',
    ...rows,
  ].join('\n');
}
