import { defineConfig } from 'vitest/config';

// Browser flows: Playwright driving Debian's Chromium against the built app and a real server.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.spec.ts'],
    // seeds the demo once; every spec's server starts on a copy (harness.ts)
    globalSetup: ['test/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // two spec files at a time: each has its own server, data folder, port and browser, and a spec spends
    // most of its time waiting on timers and the network, so two fit the 2-core CI machine (about 40% off
    // the browser step) without starving each other
    fileParallelism: true,
    maxWorkers: 2,
  },
});
