import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    // File routes (decision 0026): src/routes/** becomes src/routeTree.gen.ts (committed), and each
    // route's component loads with its own chunk (the login opts out: it is the first screen).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routeFileIgnorePattern: '\\.test\\.',
      quoteStyle: 'single',
    }),
    react(),
  ],
  server: { port: 5174 },
  preview: { port: 5174 },
  // The manifest lets scripts/size.mjs add up what each route loads.
  build: { manifest: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two cores.
    // Two: the staff console's suite took 162 s instead of 253 s on a quiet machine.
    maxWorkers: 2,
    css: false,
    testTimeout: 20_000,
  },
});
