import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.spec.ts'],
    // One reference server for the whole run; each test file creates its own tenant on it.
    globalSetup: ['./test/reference-server.setup.ts'],
  },
});
