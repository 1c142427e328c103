import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzEveryRoute, fuzzOptions, fuzzServer } from './fuzz.suite';

// CI: a fixed seed and a few inputs per route (bench/fuzz.bench.ts runs more).
describe('fuzz: no input gets a 500 (PGlite)', () => {
  let server: Awaited<ReturnType<typeof fuzzServer>>;
  beforeAll(async () => {
    server = await fuzzServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });
  it('every route answers below 500, an error with a message', async () => {
    const made = await fuzzEveryRoute(server, fuzzOptions(12));
    console.log(`fuzz: ${made} requests`);
    expect(made).toBeGreaterThan(200);
  });
});
