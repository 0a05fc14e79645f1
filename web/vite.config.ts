import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The local stack serves the API through Hosting on :5000; `npm run dev` proxies to it.
const SITE = 'http://127.0.0.1:5000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': SITE } },
  // The manifest lets scripts/bundle-budget.mjs add up what each page loads first.
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 2048, manifest: true },
});
