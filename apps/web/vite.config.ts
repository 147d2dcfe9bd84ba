import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const sourceRoot = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  base: './',
  plugins: [
    react(),
    // Only the precache list comes from the plugin: src/sw.js is ours (offline shell, update flow, push), the
    // app registers it itself (lib/offline/service-worker-registration.ts) and public/manifest.webmanifest is hand-written.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.js',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Article and ad images are content, not the shell.
        globIgnores: ['sample-images/**', 'ads/**', 'sw.js'],
      },
    }),
  ],
  resolve: {
    // `@/` is apps/web/src (tsconfig.json `paths` says the same for the type checker and the lint resolver).
    alias: [
      { find: '@coinlens/contract', replacement: contractEntry },
      { find: /^@\//, replacement: sourceRoot },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A lazy page's import() asks for its CSS but not for its JavaScript dependencies: a preload link
    // appended per dependency (the Markets tab has ~37) cost its first screen ~25 ms of main thread on a
    // phone, more than the round trips the browser saves by knowing them early (issue 23). index.html keeps
    // its preloads: they are parsed with the page, not appended by script.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs in one file: thirty small preloads each gzipped apart cost
          // ~10 KiB more on the wire and a request each (issue 23). Lazy pages still split as before.
          groups: [{ name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: {
      // The server refuses posts and socket upgrades from other origins (http/origin-policy.ts): through this
      // proxy the page is the server's own, so its Origin is rewritten along with the Host.
      '/gwapi': {
        target: 'http://localhost:8080',
        changeOrigin: true,
        ws: true,
        rewriteWsOrigin: true,
        configure: (proxy) =>
          proxy.on('proxyReq', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', 'http://localhost:8080');
          }),
      },
    },
  },
});
