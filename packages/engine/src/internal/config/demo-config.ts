import type { ReferenceConfigInput } from './reference-config-schema.ts';

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
        {
          client_id: 'demo-sandbox',
          client_secret: 'demo-sandbox-secret',
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['fr-FR', 'en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 600,
            concurrent_turns: 4,
            daily_messages: 5000,
          },
          token_ttl_seconds: 900,
        },
        {
          client_id: 'demo-production',
          client_secret: 'demo-production-secret',
          environment: 'production',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['fr-FR', 'en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 120,
            concurrent_turns: 2,
            daily_messages: 1000,
          },
          token_ttl_seconds: 900,
        },
        {
          client_id: 'demo-readonly',
          client_secret: 'demo-readonly-secret',
          environment: 'sandbox',
          scopes: ['chat:read'],
          capabilities: ['administrative_procedures'],
          locales: ['en-GB'],
          limits: {
            message_characters: 500,
            requests_per_minute: 60,
            concurrent_turns: 1,
            daily_messages: 100,
          },
          token_ttl_seconds: 300,
        },
      ],
    },
    {
      id: '9d7c1e2a-4b3f-4c5d-8e6f-1a2b3c4d5e6f',
      name: 'Other Partner',
      applications: [
        {
          client_id: 'other-sandbox',
          client_secret: 'other-sandbox-secret',
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['local_life'],
          locales: ['en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 600,
            concurrent_turns: 4,
            daily_messages: 5000,
          },
          token_ttl_seconds: 900,
        },
      ],
    },
  ],
  assistant: { processing_ms: 1500 },
  queue: { capacity: 1000 },
} as const satisfies ReferenceConfigInput;
