import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

/** A build-time value from the environment; unset or empty means "use the contract's development default". */
function buildEnv(name: string): string | null {
  const value = process.env[name];
  return value === undefined || value === '' ? null : value;
}

export default defineConfig({
  base: './',
  plugins: [react()],
  define: {
    __COINLENS_APP_ID__: JSON.stringify(buildEnv('APP_ID')),
    __COINLENS_APP_SECRET__: JSON.stringify(buildEnv('APP_SECRET')),
  },
  resolve: {
    alias: { '@coinlens/contract': contractEntry },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/gwapi': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
});
