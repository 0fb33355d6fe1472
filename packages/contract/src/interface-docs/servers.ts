import type { JsonSchema } from './schema-components.ts';

/**
 * The reference server's address when started with its defaults (`pnpm start`): loopback, port
 * 4010, plain HTTP and `ws://`. Listed first so that generators pick a working base URL.
 */
const REFERENCE_HOST = '127.0.0.1:4010';

/** Placeholder of a deployment's host, for the templated entry after the reference server. */
const DEPLOYMENT_HOST = 'api.example.com';

/** OpenAPI `servers`: the reference server, then a deployment of the service over HTTPS. */
export const OPENAPI_SERVERS: JsonSchema[] = [
  {
    url: `http://${REFERENCE_HOST}`,
    description: 'The reference server started with its defaults (`pnpm start`).',
  },
  {
    url: 'https://{host}',
    description:
      'A deployment of the service; the same address serves sandbox and production (the credentials pick the environment).',
    variables: {
      host: { default: DEPLOYMENT_HOST, description: 'Host name (and port) of the service.' },
    },
  },
];

/** AsyncAPI `servers`: the same two addresses, for the WebSocket channel. */
export function asyncApiServers(security: JsonSchema[]): JsonSchema {
  return {
    reference: {
      host: REFERENCE_HOST,
      protocol: 'ws',
      description: 'The reference server started with its defaults (`pnpm start`), plain `ws://`.',
      security,
    },
    deployment: {
      host: '{host}',
      protocol: 'wss',
      description: 'A deployment of the service, over TLS.',
      variables: {
        host: { default: DEPLOYMENT_HOST, description: 'Host name (and port) of the service.' },
      },
      security,
    },
  };
}
