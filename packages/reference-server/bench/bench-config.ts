/** Reference server configuration for benchmarks: limits high enough never to throttle the load. */
export const BENCH_CREDENTIALS = { clientId: 'bench-app', clientSecret: 'bench-secret' } as const;

/** The configuration (same format as `--config`). */
export const benchConfig = {
  partners: [
    {
      id: '6a1f1d5e-2b7c-4d8e-9f0a-1b2c3d4e5f60',
      name: 'Bench',
      applications: [
        {
          client_id: BENCH_CREDENTIALS.clientId,
          client_secret: BENCH_CREDENTIALS.clientSecret,
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['fr-FR', 'en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 1_000_000_000,
            concurrent_turns: 1_000_000_000,
            daily_messages: 1_000_000_000,
          },
          token_ttl_seconds: 86_400,
        },
      ],
    },
  ],
  assistant: { processing_ms: 20 },
  queue: { capacity: 1_000_000_000 },
};
