import { afterAll, afterEach, beforeAll } from 'vitest';
import { control, server } from './partner-assistant.ts';

// Every request the tests make must be the API's (or a handler the test added).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers(); // drops what a test added with server.use()
  control.reset(); // data, tokens, tenants, faults and journal (the clock stays where it is)
});
afterAll(() => server.close());
