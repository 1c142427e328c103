import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePg } from '../helpers';
import { fuzzEveryRoute, fuzzOptions, fuzzServer } from './fuzz.suite';

describe.skipIf(requirePg())('fuzz: no input gets a 500 (PostgreSQL)', () => {
  let server: Awaited<ReturnType<typeof fuzzServer>>;
  beforeAll(async () => {
    server = await fuzzServer('pg');
  });
  afterAll(async () => {
    await server?.close();
  });
  it('every route answers below 500, an error with a message', async () => {
    const made = await fuzzEveryRoute(server, fuzzOptions(8));
    console.log(`fuzz: ${made} requests`);
    expect(made).toBeGreaterThan(150);
  });
});
