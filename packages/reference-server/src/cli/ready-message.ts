import { PATH_PREFIX } from '@partner-assistant/contract';
import { DEMO_CONFIG } from '@partner-assistant/engine/transport';
import { GETTING_STARTED_URL } from '../http/service-routes.ts';
import type { RunningReferenceServer } from '../start-reference-server.ts';

/**
 * The one line printed to stdout once the server listens: the REST base URL, the WebSocket
 * channel's full URL and what the server runs on.
 */
export function readyLine(
  server: RunningReferenceServer,
  setup: {
    configFile: string | undefined;
    admin: boolean;
    uuidCase?: 'lower' | 'upper';
  },
): string {
  const source = [
    setup.configFile ? `config ${setup.configFile}` : 'demo configuration',
    ...(setup.admin ? ['admin API at /__admin'] : []),
    ...(server.control.clock.mode === 'manual' ? ['manual clock'] : []),
    // `--profile`, else `PARTNER_ASSISTANT_PROFILE`: the profile the server runs, however chosen.
    ...(server.profile === 'minimal' ? ['spec-minimal profile'] : []),
    ...(setup.uuidCase ? [`${setup.uuidCase}-case ids`] : []),
  ].join(', ');
  return `Partner Assistant reference server listening on ${server.url} (WebSocket channel ${server.channelUrl}; ${source})`;
}

/**
 * What follows the ready line on stderr. On the demo configuration: its credentials (public,
 * listed in the README, valid against this server only), then a `curl` that issues a user token
 * with the sandbox ones. Always: where to read next. A configuration file's secrets are never
 * printed.
 */
export function nextStepsText(server: RunningReferenceServer, demo: boolean): string {
  const lines = [`Getting started: ${GETTING_STARTED_URL}`];
  if (!demo) return lines.join('\n');
  const rows = DEMO_CONFIG.partners.flatMap((partner) =>
    partner.applications.map(
      (application) =>
        `  ${`${application.client_id} / ${application.client_secret}`.padEnd(46)}${partner.name}, ${application.environment}, ${application.scopes.join(' ')}`,
    ),
  );
  const sandbox = DEMO_CONFIG.partners
    .flatMap((partner) => partner.applications)
    .find((application) => application.environment === 'sandbox');
  return [
    'Demo credentials (public, for this server only): client id / client secret',
    ...rows,
    ...(sandbox
      ? [
          'Issue a user token:',
          `  curl -u ${sandbox.client_id}:${sandbox.client_secret} -H 'content-type: application/json' -d '{"external_user_id":"demo-user"}' ${server.url}${PATH_PREFIX}/tokens`,
        ]
      : []),
    ...lines,
  ].join('\n');
}
