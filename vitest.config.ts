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
    // vitest's default is one worker fewer than the cores: on the 2-core CI machine that is one file at a
    // time, while most files wait on a database or a timer; two halve the run
    maxWorkers: 2,
  },
});
