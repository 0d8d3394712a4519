import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// docs/decisions/0013-preact-in-the-club-build.md: the production build runs on preact/compat
// (React's API in about a tenth of its bytes) so /login stays within 110 KB of gzipped JS on a
// cheap phone; development and tests keep React itself.
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // dedupe: the shared web kit's imports of React find the same Preact, from this app.
  resolve: { alias: command === 'build' ? preactAliases : [], dedupe: ['preact'] },
  // The manifest lets scripts/size.mjs add up each route's first load.
  build: { target: 'es2020', sourcemap: false, manifest: true },
  server: { port: 5173 },
  preview: { port: 5173 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-support/setup.ts'],
    testTimeout: 15_000,
  },
}));
