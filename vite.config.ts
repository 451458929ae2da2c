import { fileURLToPath } from 'node:url';
import { build, defineConfig, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineFavicon } from './scripts/inline-favicon';
import { prerender } from './scripts/prerender';
import { pureI18next } from './scripts/pure-i18next';
import { shellPreload } from './scripts/shell-preload';

const apiPort = process.env.API_PORT ?? '8081';
let pushOutDir = 'dist/client';

function reactRouterFile(name: string): string {
  // By path: the package's exports name only the development build.
  return fileURLToPath(
    new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url),
  );
}

/**
 * React Router 7's package exports only its development build, which checks and warns as it
 * routes; a build takes the production build it ships beside it (its own files, the same API). In
 * the cold load of /members the development build cost about 290 ms of main thread at 4x CPU.
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: reactRouterFile('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterFile('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [] },
  plugins: [
    react(),
    inlineFavicon(),
    pureI18next(),
    // Service workers (sw/README.md): /sw.js with the precache manifest injected, and /sw-push.js.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false, // src/bridges/sw-bridge.ts registers /sw.js?v=2 itself
      manifest: false, // public/manifest.webmanifest is the manifest
      injectManifest: {
        rollupFormat: 'iife', // a classic script: no module workers needed
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // Prerendered pages are per language and answered by the server; the shell is index.html.
        globIgnores: ['sw-push.js', 'prerendered/**'],
        buildPlugins: {
          vite: [
            {
              // The push-only worker: a second classic script built beside sw.js.
              name: 'amora-sw-push',
              apply: 'build',
              // Beside sw.js, wherever this build writes (tests build into their own folders).
              configResolved(config: ResolvedConfig) {
                pushOutDir = config.build.outDir;
              },
              async closeBundle() {
                await build({
                  configFile: false,
                  publicDir: false,
                  logLevel: 'warn',
                  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
                  build: {
                    outDir: pushOutDir,
                    emptyOutDir: false,
                    sourcemap: true,
                    lib: {
                      entry: 'sw/push.ts',
                      formats: ['iife'],
                      name: 'amoraPush',
                      fileName: () => 'sw-push.js',
                    },
                  },
                });
              },
            },
          ],
        },
      },
    }),
    // The app shell asks for its route screen's files beside the entry (scripts/shell-preload.ts).
    shellPreload(),
    // Public pages as HTML per language (src/shared/prerender/pages.ts), written after the bundle.
    prerender(),
  ],
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its own warnings are noise here.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The libraries every page starts with (React, React Router, react-i18next) in a chunk of their
        // own: a prerendered page evaluates them in one task and the app's code in the next
        // (scripts/prerender-html.ts), instead of both in one long task, and a deploy that
        // changes only the app leaves that chunk cached.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules/,
              tags: ['$initial'],
            },
            // The contract's areas in one chunk, as when it was one file: each screen uses a few
            // areas, and left to itself the bundler gave each set of areas a small file of its own.
            // Its plain numbers stay out: /members' first screen needs a page size, not zod.
            {
              name: 'contract',
              test: (id: string) =>
                id.includes('/src/shared/contract/') && !id.endsWith('/contract/limits.ts'),
              includeDependenciesRecursively: false,
            },
            // What the landers share (the screen around a design, the parts, the sign-up section)
            // in one chunk: left to itself the bundler cut it into a dozen small files, one per
            // set of designs using a part, and small files compress worse than one. A design, its
            // media and the map stay in the design's own chunk; the sign-up form loads later.
            {
              name: 'lander',
              test: (id: string) =>
                id.includes('/src/features/landers/') &&
                !/\/landers\/(designs|media|map)\/|\/InlineSignup\./.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/_i18n': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
