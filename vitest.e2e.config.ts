import { defineConfig } from 'vitest/config';

// Browser flows: Playwright driving Debian's Chromium against the built app and a real server.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
