import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  brandExportQuery,
  LIST_REPORT_ROLES,
  listReportQuery,
  REPORT_ROLES,
  salesReportQuery,
  salesTrxReportQuery,
  workerReportQuery,
  workerTrxReportQuery,
} from '../../src/api/contract/report';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseInput } from '../http/validate';
import { brandExportJson, brandExportZip, requireBrandOwner } from '../services/brand-export';
import { birthdayReport, expiredCouponReport, omzetRecapReport } from '../services/report-lists';
import { productConsumptionReport, treatmentReminderReport } from '../services/report-treatments';
import { period, salesByProductReport, salesTrxCsv, salesTrxReport } from '../services/reports';
import {
  requireWorkerTrx,
  workerByProductReport,
  workerByTrxCsv,
  workerByTrxReport,
  workerSummaryReport,
} from '../services/worker-report';

/** The reports' calls (002 §2.14–2.20, §7), each behind its flag (002 §6), scoped to the session's outlet. */
/** A report's every row as one streamed CSV download (a bad period was refused before the stream starts). */
function sendCsv(reply: FastifyReply, filename: string, rows: AsyncGenerator<string>) {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(rows));
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const roles = [...REPORT_ROLES.sales];
  // daily and detail: a page of rows (issue 27), or with format=csv every row of the range, streamed
  app.get('/cashier/pos-trx-detail', { config: { auth: true, roles } }, async (req, reply) => {
    const auth = requireAuth(req);
    const q = parseInput(salesTrxReportQuery, req.query ?? {});
    if (q.format !== 'csv') return ok(await salesTrxReport(deps, auth, q));
    period(q); // a bad period is a 400 before the stream starts
    return sendCsv(
      reply,
      `laporan-penjualan-${q.report_type}-${q.start_date}-${q.end_date}.csv`,
      salesTrxCsv(deps, auth, q),
    );
  });
  app.get('/cashier/pos-sales-item-summary', { config: { auth: true, roles } }, async (req) =>
    ok(await salesByProductReport(deps, requireAuth(req), parseInput(salesReportQuery, req.query ?? {}))),
  );
  // worker activity (002 §2.15): WORKER_ACTIVITY, then the report type's own flag in the service
  const worker = { config: { auth: true, roles: [...REPORT_ROLES.worker] } };
  app.get('/cashier/pos-sales-trx-commission-summary', worker, async (req) =>
    ok(await workerSummaryReport(deps, requireAuth(req), parseInput(workerReportQuery, req.query ?? {}))),
  );
  app.get('/cashier/pos-sales-trx-commission', worker, async (req) =>
    ok(await workerByProductReport(deps, requireAuth(req), parseInput(workerReportQuery, req.query ?? {}))),
  );
  // by transaction / simple: the spec's whole list, a page of rows (issue 27), or with format=csv every row, streamed
  app.get('/cashier/pos-sales-trx-commission-by-trx', worker, async (req, reply) => {
    const auth = requireAuth(req);
    const q = parseInput(workerTrxReportQuery, req.query ?? {});
    if (q.format !== 'csv') return ok(await workerByTrxReport(deps, auth, q));
    requireWorkerTrx(auth);
    period(q); // a bad period is a 400 before the stream starts
    return sendCsv(
      reply,
      `aktivitas-pekerja-${q.report_type ?? 'by-transaction'}-${q.start_date}-${q.end_date}.csv`,
      workerByTrxCsv(deps, auth, q),
    );
  });
  // the list reports (002 §2.17–2.19), each behind its flag
  const list = (roles: readonly string[]) => ({ config: { auth: true, roles: [...roles] } });
  app.get('/cashier/coupon-expired', list(LIST_REPORT_ROLES.coupon), async (req) =>
    ok(await expiredCouponReport(deps, requireAuth(req), parseInput(listReportQuery, req.query ?? {}))),
  );
  app.get('/cashier/omzet-recapitulation', list(LIST_REPORT_ROLES.omzet), async (req) =>
    ok(await omzetRecapReport(deps, requireAuth(req), parseInput(listReportQuery, req.query ?? {}))),
  );
  app.get('/cashier/customer-birthday', list(LIST_REPORT_ROLES.birthday), async (req) =>
    ok(await birthdayReport(deps, requireAuth(req), parseInput(listReportQuery, req.query ?? {}))),
  );
  app.get('/cashier/product-consumption', list(LIST_REPORT_ROLES.consumption), async (req) =>
    ok(await productConsumptionReport(deps, requireAuth(req), parseInput(listReportQuery, req.query ?? {}))),
  );
  app.get('/cashier/treatment-reminder', list(LIST_REPORT_ROLES.reminder), async (req) =>
    ok(await treatmentReminderReport(deps, requireAuth(req), parseInput(listReportQuery, req.query ?? {}))),
  );
  // the owner's full data export (issue 27): only the brand's owner, streamed as it is read
  app.get('/cashier/brand-export', { config: { auth: true } }, async (req, reply) => {
    const auth = requireAuth(req);
    const q = parseInput(brandExportQuery, req.query ?? {});
    await requireBrandOwner(deps, auth);
    const day = new Date().toISOString().slice(0, 10);
    const json = q.format === 'json';
    const docs = json && q.documents === '1';
    reply
      .type(json ? 'application/json; charset=utf-8' : 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="serambi-${auth.business_id}-${day}${docs ? '-dokumen' : ''}.${q.format}"`,
      )
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(json ? brandExportJson(deps, auth, docs) : brandExportZip(deps, auth)));
  });
}
