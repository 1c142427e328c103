import type { FastifyInstance } from 'fastify';
import { REPORT_ROLES, salesReportQuery, salesTrxReportQuery } from '../../src/api/contract/report';
import { requireAuth } from '../http/auth';
import { ok } from '../http/reply';
import { parseInput } from '../http/validate';
import { salesByProductReport, salesTrxReport } from '../services/reports';

/** The sales report's calls (002 §2.14, §7), behind SALES_REPORT (002 §6), scoped to the session's outlet. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const roles = [...REPORT_ROLES.sales];
  app.get('/cashier/pos-trx-detail', { config: { auth: true, roles } }, async (req) =>
    ok(await salesTrxReport(deps, requireAuth(req), parseInput(salesTrxReportQuery, req.query ?? {}))),
  );
  app.get('/cashier/pos-sales-item-summary', { config: { auth: true, roles } }, async (req) =>
    ok(await salesByProductReport(deps, requireAuth(req), parseInput(salesReportQuery, req.query ?? {}))),
  );
}
