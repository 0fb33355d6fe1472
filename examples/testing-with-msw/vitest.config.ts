import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.spec.{ts,tsx}'],
    // The WebSocket global first (Node 20), then the file that starts msw.
    setupFiles: ['./test/websocket-global.ts', './test/msw.setup.ts'],
  },
});
