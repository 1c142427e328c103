// The pass criteria of the fault harness, as a list of problems (empty = pass), shared by the CI test
// and the long bench run.
import type { ScenarioResult } from './scenario';

export function problems(r: ScenarioResult): string[] {
  const out: string[] = [];
  const completed = r.outcomes.filter((o) => o.completed).map((o) => o.local_trx_id);
  const onServer = new Map(r.server.map((s) => [s.local_trx_id, s]));
  const inBrowser = new Map(r.browser.map((b) => [b.local_trx_id, b]));
  for (const o of r.outcomes)
    if (!o.completed)
      out.push(`sale ${o.local_trx_id} never accepted after ${o.submitAttempts} taps: ${o.refusals.at(-1)}`);
  for (const id of completed) {
    const s = onServer.get(id);
    if (!s) out.push(`completed sale ${id} is not on the server (lost)`);
    else if (s.copies !== 1) out.push(`sale ${id} is on the server ${s.copies} times`);
  }
  for (const s of r.server)
    if (!inBrowser.has(s.local_trx_id))
      out.push(`server holds ${s.local_trx_id}, which the browser does not hold as completed`);
  for (const b of r.browser) {
    const s = onServer.get(b.local_trx_id);
    if (!s) continue;
    if (!b.is_synced) out.push(`sale ${b.local_trx_id} is still unsynced in the browser`);
    if (b.pos_sales_trx_head_id !== s.pos_sales_trx_head_id || b.trx_id !== s.trx_id)
      out.push(
        `sale ${b.local_trx_id}: browser recorded #${b.pos_sales_trx_head_id} ${b.trx_id}, server holds #${s.pos_sales_trx_head_id} ${s.trx_id}`,
      );
    for (const [k, v] of Object.entries(b.drv))
      if (Math.abs(v - s.drv[k as keyof typeof s.drv]) > 0.005)
        out.push(`sale ${b.local_trx_id}: ${k} browser ${v} ≠ server ${s.drv[k as keyof typeof s.drv]}`);
    // the receivable a credit sale opens holds exactly its credit payments, once (ruling 16)
    if (Math.abs(b.credit - s.credit) > 0.005)
      out.push(`sale ${b.local_trx_id}: credit browser ${b.credit} ≠ receivable ${s.credit}`);
  }
  for (const l of r.ledgerRepeats)
    out.push(`${l.table}: sale ${l.ref_local_trx_id} written by ${l.writes} ingests`);
  for (const d of r.rowRepeats) out.push(`${d.table}: ${d.key} stored ${d.copies} times`);
  out.push(...r.specialProblems);
  if (JSON.stringify(r.fingerprintBefore) !== JSON.stringify(r.fingerprintAfter))
    out.push(
      `database changed by the double replay: ${JSON.stringify(r.fingerprintBefore)} → ${JSON.stringify(r.fingerprintAfter)}`,
    );
  out.push(...r.replayMismatches);
  if (r.outboxLeft > 0)
    out.push(`${r.outboxLeft} sale(s) left in the outbox after ${r.syncRounds} sync rounds`);
  if (r.restartsNotDone > 0) out.push(`${r.restartsNotDone} armed restart(s) never happened`);
  return out;
}

/** One line of numbers for a run (with the server's stops: signal, ms to exit, ! when SIGKILLed after the grace). */
export function summary(
  r: ScenarioResult,
  stops: { signal: string; ms: number; forced: boolean }[] = [],
): string {
  const f = r.faults.faults;
  return [
    `seed ${r.seed}`,
    `${r.outcomes.filter((o) => o.completed).length}/${r.outcomes.length} sales`,
    `(${r.outcomes.filter((o) => o.offline).length} offline, ${r.outcomes.filter((o) => o.onlineRequired).length} online-required, ${r.outcomes.filter((o) => o.credit > 0).length} credit)`,
    `requests ${r.faults.requests} (batch ${r.batchPosts})`,
    `dropReq ${f.dropRequest} dropAns ${f.dropAnswer} dup ${f.duplicate} delayReq ${f.delayRequest} delayAns ${f.delayAnswer}`,
    `restarts ${JSON.stringify(r.faults.restarts)}`,
    `sync rounds ${r.syncRounds}`,
    ...(stops.length
      ? [`stops ${stops.map((s) => `${s.signal}:${s.ms}ms${s.forced ? '!' : ''}`).join(' ')}`]
      : []),
    `server rows ${r.fingerprintAfter.pos_sales_trx_heads?.rows}`,
    `${(r.ms.total / 1000).toFixed(1)} s (sales ${(r.ms.sales / 1000).toFixed(1)}, sync ${(r.ms.sync / 1000).toFixed(1)}, replay ${(r.ms.replay / 1000).toFixed(1)})`,
  ].join(' · ');
}
