/** The application the example's tests use, on a reference server of their own. */
export const credentials = { clientId: 'example-cli', clientSecret: 'example-cli-secret' };

/** The reference server's configuration for the tests: one partner, one sandbox application. */
export const config = {
  partners: [
    {
      id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      name: 'Example partner',
      applications: [
        {
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 1000,
            concurrent_turns: 4,
            daily_messages: 1000,
          },
        },
      ],
    },
  ],
  assistant: { processing_ms: 150 },
};
