import { defineConfig } from 'vitest/config';

// Unit, property, statechart-path and server (PGlite) tests. *.pg.test.ts need TEST_DATABASE_URL.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // jsdom shims for the component tests (a no-op in node-environment tests)
    setupFiles: ['test/setup/dom.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
