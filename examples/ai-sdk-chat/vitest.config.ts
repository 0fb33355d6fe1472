import { defineConfig } from 'vitest/config';

// `npm test`: the Node tests. The browser test (`test/browser/`) runs in the repository's
// Chromium project, on its reference server.
export default defineConfig({
  test: { include: ['test/*.test.ts'] },
});
