import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import { EMULATORS_MODE, productionEnvProblems } from './build-env.mjs';

// The local stack serves the API through Hosting on :5000; `npm run dev` proxies to it.
const SITE = 'http://127.0.0.1:5000';

/**
 * Preloads the two Nunito files the first paint uses. Without it the browser finds them only
 * once the page has rendered, and the text reflows when they arrive (a layout shift of 0.25
 * on a phone's home page).
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      return Object.keys(ctx.bundle ?? {})
        .filter((file) => /nunito-latin-(400|700)-normal-[^/]+\.woff2$/.test(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
    },
  };
}

/**
 * A build for a Firebase project (any mode but the emulators') stops unless web/.env.<project>
 * holds its whole web config: before, a missing config silently built a site for the emulators.
 */
function requireProjectConfig(mode: string): void {
  if (mode === EMULATORS_MODE) return;
  const problems = productionEnvProblems(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'), mode);
  if (problems.length)
    throw new Error(
      `Not building the site for project '${mode}':\n  ${problems.join('\n  ')}\n(npm run build builds for the emulators.)`,
    );
}

const config: UserConfig = {
  plugins: [react(), preloadFonts()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The API's types and the few values both sides need: pure modules, no server code.
      '@api': fileURLToPath(new URL('../functions/src/api', import.meta.url)),
    },
  },
  server: { proxy: { '/api': SITE } },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // The manifest lets scripts/bundle-budget.mjs add up what each page loads first.
    manifest: true,
    // One stylesheet (about 8 KB gzip for the whole site) in every page's head: prerendered
    // pages paint styled, instead of restyling (and shifting) when their page's chunk arrives.
    cssCodeSplit: false,
    // Every browser the es2022 target runs in preloads modules itself: the polyfill would cost every page's first load.
    modulePreload: { polyfill: false },
  },
};

/**
 * react-router 7's package exports name only its development build (dev warnings and checks kept
 * in, about 94 KB raw); a build takes its production files, which the same package ships.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

export default defineConfig(({ command, mode }) => {
  if (command !== 'build') return config;
  requireProjectConfig(mode);
  const alias = Object.entries(config.resolve?.alias ?? {}).map(([find, replacement]) => ({
    find,
    replacement: String(replacement),
  }));
  return { ...config, resolve: { ...config.resolve, alias: [...reactRouterProduction, ...alias] } };
});
