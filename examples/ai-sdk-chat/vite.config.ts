import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { devTokenEndpoint } from './dev/dev-token-endpoint.ts';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    plugins: [
      react(),
      // Development only: the token broker your backend serves in production.
      devTokenEndpoint({ baseUrl: env.VITE_PARTNER_ASSISTANT_BASE_URL ?? 'http://127.0.0.1:4010' }),
    ],
  };
});
