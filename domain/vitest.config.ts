import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The whole English catalogue, loaded (domain/src/messages.ts loadLaterTexts).
    setupFiles: ['src/test-support/setup.ts'],
    include: ['src/**/*.test.ts'],
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two cores.
    // Two: the staff console's suite took 162 s instead of 253 s on a quiet machine.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/test-support/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});
