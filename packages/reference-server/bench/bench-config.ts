import { DEMO_CONFIG } from '@partner-assistant/engine/transport';

/** Credentials of the benchmark application. */
export const BENCH_CREDENTIALS = { clientId: 'bench-app', clientSecret: 'bench-secret' } as const;

const UNTHROTTLED = 1_000_000_000;
const demoSandbox = DEMO_CONFIG.partners[0].applications[0];

/**
 * Reference server configuration for benchmarks (same format as `--config`): the demo sandbox
 * application with limits high enough never to throttle the load.
 */
export const benchConfig = {
  partners: [
    {
      id: '6a1f1d5e-2b7c-4d8e-9f0a-1b2c3d4e5f60',
      name: 'Bench',
      applications: [
        {
          ...demoSandbox,
          client_id: BENCH_CREDENTIALS.clientId,
          client_secret: BENCH_CREDENTIALS.clientSecret,
          limits: {
            message_characters: 2000,
            requests_per_minute: UNTHROTTLED,
            concurrent_turns: UNTHROTTLED,
            daily_messages: UNTHROTTLED,
          },
          token_ttl_seconds: 86_400,
        },
      ],
    },
  ],
  assistant: { processing_ms: 20 },
  queue: { capacity: UNTHROTTLED },
};
