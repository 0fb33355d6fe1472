import { PATH_PREFIX } from '@partner-assistant/contract';
import { DEMO_CONFIG } from '@partner-assistant/engine/transport';
import { GETTING_STARTED_URL } from '../http/service-routes.ts';
import type { RunningReferenceServer } from '../start-reference-server.ts';

/** Hosts that mean "every interface": no client can use them as an address. */
const WILDCARD_HOSTS = /^(0\.0\.0\.0|\[::\]|\[::0\])$/;

/**
 * The address a client on this machine (or inside the same container) uses: the server's own
 * URL, with a wildcard host (`--host 0.0.0.0`, as the container image listens) replaced by the
 * loopback address, to which any client can connect.
 */
export function localUrl(url: string): string {
  const parsed = new URL(url);
  if (!WILDCARD_HOSTS.test(parsed.hostname)) return url;
  return url.replace(parsed.hostname, parsed.hostname.startsWith('[') ? '[::1]' : '127.0.0.1');
}

/**
 * Where the server listens, for the ready line: its URL, or on a wildcard host the interfaces
 * and port it listens on, the URL that reaches it from here and, since a container engine may
 * publish the port under another number, a word on the host's port.
 */
function listeningOn(server: RunningReferenceServer): string {
  const local = localUrl(server.url);
  if (local === server.url) return server.url;
  const bound = server.url.replace(/^http:\/\//, '');
  return `${bound}, every interface: ${local} from this machine or container; from a container's host, the host port published for ${server.port}`;
}

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
  const channel =
    localUrl(server.url).replace(/^http/, 'ws') + server.channelUrl.slice(server.wsUrl.length);
  return `Partner Assistant reference server listening on ${listeningOn(server)} (WebSocket channel ${channel}; ${source})`;
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
          `  curl -u ${sandbox.client_id}:${sandbox.client_secret} -H 'content-type: application/json' -d '{"external_user_id":"demo-user"}' ${localUrl(server.url)}${PATH_PREFIX}/tokens`,
        ]
      : []),
    ...lines,
  ].join('\n');
}
