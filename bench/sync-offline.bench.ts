/**
 * Sync of offline sales through the REAL client sync path: sales made with the cashier commands on
 * fake-indexeddb and submitted offline, then the device's sync service (createSyncService: batches of
 * SYNC_BATCH through cashier/pos-trx-batch since issue 28, else one sale per request; BATCH=0 forces one
 * sale per request) posting them over HTTP
 * to the real server process (`node --import tsx server/main.ts`). Prints sales per second of the
 * sync pass (and, apart, the time to make the sales) on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set. Compare with bench/sync-ingest.bench.ts (the server alone, app.inject).
 *   npx tsx bench/sync-offline.bench.ts [sales=1000] [pglite|pg]   (both when the second is left out)
 * The server's start may take minutes on a loaded machine (its seed): it is given 10. Each line also prints
 * the pass's CPU per sale of the server process (/proc) and of this process (the device).
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { createRng } from '../server/db/demo/prng';
import { createDevice, randomSale } from '../test/fault/device';
import { createServerControl, type FaultBackend } from '../test/fault/server-control';

const SALES = Number(process.argv[2] ?? 1000);

/** CPU time (ms, user + system) of a process from /proc/<pid>/stat (clock ticks of 10 ms). */
function serverCpuMs(pid: number | null): number {
  if (pid === null) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
const ONLY = process.argv[3] ?? null;

async function run(backend: FaultBackend): Promise<void> {
  const server = await createServerControl(backend, { startTimeoutMs: 600_000 });
  try {
    await server.start();
    const rng = createRng(4242);
    // time spent in HTTP round trips (request → whole answer read), to split client from server time
    const http = { ms: 0, calls: 0 };
    const timedFetch: typeof fetch = async (input, init) => {
      const t = performance.now();
      try {
        const r = await fetch(input, init);
        const body = await r.text();
        return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
      } finally {
        http.ms += performance.now() - t;
        http.calls += 1;
      }
    };
    // Kemang checks stock on every sale (online-required); off on the device so that sales go offline
    const device = await createDevice({
      baseUrl: server.url,
      fetchImpl: timedFetch,
      rng,
      timeoutMs: 30_000,
      configOverrides: { check_stock_availability_on_trx: 0 },
      batch: process.env.BATCH !== undefined ? Number(process.env.BATCH) : undefined,
    });
    try {
      const t0 = performance.now();
      for (let i = 0; i < SALES; i++) {
        await randomSale(device, rng, { offline: true, submitTimeoutMs: 3000 });
        if ((i + 1) % 100 === 0) process.stdout.write(`  ${i + 1} sales made\r`);
      }
      const made = (performance.now() - t0) / 1000;
      const outbox = await device.outboxSize();
      const t1 = performance.now();
      http.ms = 0;
      http.calls = 0;
      const server0 = serverCpuMs(server.pid());
      const device0 = process.cpuUsage();
      const report = await device.sync.run();
      const synced = (performance.now() - t1) / 1000;
      const deviceCpu = process.cpuUsage(device0);
      const serverCpu = serverCpuMs(server.pid()) - server0;
      const n = Math.max(1, report.synced.length);
      const left = await device.outboxSize();
      console.log(
        `${backend.kind.padEnd(6)} ${outbox} offline sales synced ${report.synced.length} (failed ${report.failed.length}, left ${left}) ` +
          `in ${synced.toFixed(1)} s = ${(report.synced.length / synced).toFixed(0)} sales/s ` +
          `(${((synced * 1000) / Math.max(1, report.synced.length)).toFixed(1)} ms each, of which HTTP round trip ` +
          `${(http.ms / Math.max(1, http.calls)).toFixed(1)} ms over ${http.calls} requests; making them took ${made.toFixed(1)} s); ` +
          `CPU per sale: server process ${(serverCpu / n).toFixed(2)} ms, device (this process) ${((deviceCpu.user + deviceCpu.system) / 1000 / n).toFixed(2)} ms`,
      );
    } finally {
      await device.close();
    }
  } finally {
    await server.dispose();
  }
}

async function main(): Promise<void> {
  console.log(`sync of ${SALES} offline sales: device sync service → HTTP → server process`);
  if (ONLY !== 'pg') await run({ kind: 'pglite' });
  const url = process.env.TEST_DATABASE_URL;
  if (ONLY === 'pglite') return;
  if (url) await run({ kind: 'pg', url });
  else console.log('pg     skipped (set TEST_DATABASE_URL)');
}

void main();
