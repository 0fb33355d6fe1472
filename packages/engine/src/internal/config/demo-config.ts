import type { ReferenceConfigInput } from './reference-config-schema.ts';

type DemoApplication = ReferenceConfigInput['partners'][number]['applications'][number];

const ALL_SCOPES = ['chat:read', 'chat:write', 'feedback:write'] as const;
const BOTH_VERTICALS = ['administrative_procedures', 'local_life'] as const;

/** A demo application: credentials `<clientId>` / `<clientId>-secret`, 15-minute tokens. */
function demoApplication(
  clientId: string,
  access: Pick<DemoApplication, 'environment' | 'scopes' | 'capabilities' | 'locales'>,
  [messageCharacters, perMinute, concurrentTurns, daily]: [number, number, number, number],
  tokenTtlSeconds = 900,
): DemoApplication {
  return {
    client_id: clientId,
    client_secret: `${clientId}-secret`,
    ...access,
    limits: {
      message_characters: messageCharacters,
      requests_per_minute: perMinute,
      concurrent_turns: concurrentTurns,
      daily_messages: daily,
    },
    token_ttl_seconds: tokenTtlSeconds,
  };
}

const fullAccess = (environment: 'sandbox' | 'production') => ({
  environment,
  scopes: [...ALL_SCOPES],
  capabilities: [...BOTH_VERTICALS],
  locales: ['fr-FR', 'en-GB'],
});

/**
 * The configuration the server starts with when no `--config` is given. Its credentials are
 * public (printed in the README): use them only against this server.
 */
export const DEMO_CONFIG = {
  partners: [
    {
      id: '5b0f9f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
      name: 'Demo Partner',
      applications: [
        demoApplication('demo-sandbox', fullAccess('sandbox'), [2000, 600, 4, 5000]),
        demoApplication('demo-production', fullAccess('production'), [2000, 120, 2, 1000]),
        demoApplication(
          'demo-readonly',
          {
            environment: 'sandbox',
            scopes: ['chat:read'],
            capabilities: ['administrative_procedures'],
            locales: ['en-GB'],
          },
          [500, 60, 1, 100],
          300,
        ),
      ],
    },
    {
      id: '9d7c1e2a-4b3f-4c5d-8e6f-1a2b3c4d5e6f',
      name: 'Other Partner',
      applications: [
        demoApplication(
          'other-sandbox',
          { ...fullAccess('sandbox'), capabilities: ['local_life'], locales: ['en-GB'] },
          [2000, 600, 4, 5000],
        ),
      ],
    },
  ],
  assistant: { processing_ms: 1500 },
  queue: { capacity: 1000 },
} as const satisfies ReferenceConfigInput;
