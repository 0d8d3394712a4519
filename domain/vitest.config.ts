import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The whole English catalogue, loaded (domain/src/messages.ts loadLaterTexts).
    setupFiles: ['src/test-support/setup.ts'],
    include: ['src/**/*.test.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/test-support/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});
