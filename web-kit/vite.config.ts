import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two cores.
    // Two: the staff console's suite took 162 s instead of 253 s on a quiet machine.
    maxWorkers: 2,
    setupFiles: ['src/test-setup.ts'],
  },
});
