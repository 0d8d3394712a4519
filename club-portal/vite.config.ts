import { tanstackRouter } from '@tanstack/router-plugin/vite';
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
  plugins: [
    // File routes (docs/decisions/0026-file-routes.md): the route tree is generated into
    // src/routeTree.gen.ts, committed; each screen is its own chunk but the login, which ships
    // with the shell (one round trip less on 3G for the page most visits land on). A screen's
    // loader travels in its chunk too (issue 27): the shell carries no other page's rules.
    tanstackRouter({
      target: 'react',
      quoteStyle: 'single',
      routeFileIgnorePattern: '\\.test\\.tsx?$',
      // Tests render the routes whole: splitting is for the shipped bundle.
      autoCodeSplitting: !process.env.VITEST,
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
        splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined),
      },
    }),
    react(),
  ],
  // dedupe: the shared web kit's imports of React find the same Preact, from this app.
  resolve: { alias: command === 'build' ? preactAliases : [], dedupe: ['preact'] },
  // The manifest lets scripts/size.mjs add up each route's first load.
  build: { target: 'es2020', sourcemap: false, manifest: true },
  server: { port: 5173 },
  preview: { port: 5173 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two cores.
    // Two: the staff console's suite took 162 s instead of 253 s on a quiet machine.
    maxWorkers: 2,
    setupFiles: ['src/test-support/setup.ts'],
    testTimeout: 15_000,
  },
}));
