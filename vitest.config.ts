import { defineConfig } from 'vitest/config';

// Unit, property, statechart-path and server (PGlite) tests. *.pg.test.ts need TEST_DATABASE_URL.
const SHARED = ['api', 'domain', 'events', 'fixtures', 'machines', 'projections', 'server'].flatMap((dir) => [
  `test/${dir}/**/*.test.ts`,
  `test/${dir}/**/*.test.tsx`,
]);

// The printer transports (issue 29) export for browsers only: the component tests load their browser builds.
const TRANSPORTS = Object.fromEntries(
  ['webusb', 'webbluetooth'].map((k) => [
    `@point-of-sale/${k}-receipt-printer`,
    new URL(
      `./node_modules/@point-of-sale/${k}-receipt-printer/dist/${k}-receipt-printer.esm.js`,
      import.meta.url,
    ).pathname,
  ]),
);

export default defineConfig({
  resolve: { alias: TRANSPORTS },
  test: {
    environment: 'node',
    // jsdom shims for the component tests (a no-op in node-environment tests)
    setupFiles: ['test/setup/dom.ts'],
    // one migrated, seeded PGlite dumped once; each PGlite test server starts from it (test/server/helpers.ts)
    globalSetup: ['test/setup/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: on the 2-core CI machine that is one file at a
    // time, while most files wait on a database or a timer; two halve the run
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: SHARED,
          setupFiles: ['test/setup/shared-idb.ts'],
          // these files share their worker's modules: importing the server and the domain again for each of
          // ~160 files was about 40% of the run; they keep no state in modules (the server none between requests)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          // the component tests (jsdom, module-level stores) and the fault tests (server processes, restarts)
          // each get fresh modules
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...SHARED, 'test/e2e/**', 'node_modules/**'],
        },
      },
    ],
  },
});
