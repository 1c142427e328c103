import type { FastifyInstance } from 'fastify';
import {
  adjustmentRequest,
  currentStockQuery,
  INVENTORY_ROLES as R,
  searchItemQuery,
  stockCardQuery,
  stockInRequest,
  stockListQuery,
  stockOutRequest,
  transferInRequest,
  transferOutRequest,
} from '../../../src/api/contract/inventory';
import { INVENTORY_MESSAGES as M } from '../../../src/domain/texts/inventory';
import { requireAuth } from '../../http/auth';
import { ok, okJson } from '../../http/reply';
import { parseInput } from '../../http/validate';
import {
  currentStock,
  incomingTransfers,
  listVendors,
  searchItems,
  stockListJson,
} from '../../services/inventory';
import { adjustStock, stockIn, stockOut, transferIn, transferOut } from '../../services/inventory-write';
import { stockCard } from '../../services/stock-card';

/** Every inventory call needs the Inventory menu (002 §6) and the flag of the screen that makes it. */
const flags = (roles: readonly string[]) => ({
  config: { auth: true, roles: [...roles], allRoles: [...R.menu] },
});

/** The inventory calls of issue 13 (002 §7; paths paired in docs/api.md, ruling 12). */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  app.get('/cashier/inv-vendor', flags(R.vendors), async (req) =>
    ok(await listVendors(deps, requireAuth(req))),
  );

  app.get('/cashier/inventory/search-item', flags(R.lookup), async (req) =>
    ok(await searchItems(deps, requireAuth(req), parseInput(searchItemQuery, req.query))),
  );

  app.get('/cashier/inventory/current-stock', flags(R.lookup), async (req) =>
    ok(await currentStock(deps, requireAuth(req), parseInput(currentStockQuery, req.query))),
  );

  app.get('/cashier/inventory/outlet-stock', flags(R.stockList), async (req, reply) =>
    okJson(reply, await stockListJson(deps, requireAuth(req), parseInput(stockListQuery, req.query))),
  );

  app.get('/cashier/inventory/stock-card', flags(R.stockCard), async (req) =>
    ok(await stockCard(deps, requireAuth(req), parseInput(stockCardQuery, req.query))),
  );

  app.post('/cashier/inventory/inventory-in', flags(R.stockIn), async (req) => {
    const auth = requireAuth(req);
    const r = await stockIn(deps, auth, parseInput(stockInRequest, req.body));
    return ok(r.answer, M.stockInDone);
  });

  app.post('/cashier/inventory/inventory-out', flags(R.stockOut), async (req) => {
    const auth = requireAuth(req);
    const r = await stockOut(deps, auth, parseInput(stockOutRequest, req.body));
    return ok(r.answer, M.stockOutDone);
  });

  app.post('/cashier/inventory/inventory-adjustment', flags(R.adjustment), async (req) => {
    const auth = requireAuth(req);
    const r = await adjustStock(deps, auth, parseInput(adjustmentRequest, req.body));
    return ok(r.answer, M.adjustmentDone);
  });

  app.post('/cashier/inventory/transfer-out', flags(R.transferOut), async (req) => {
    const auth = requireAuth(req);
    const r = await transferOut(deps, auth, parseInput(transferOutRequest, req.body));
    return ok(r.answer, M.transferOutDone);
  });

  app.get('/cashier/inventory/transfer-in', flags(R.transferIn), async (req) =>
    ok(await incomingTransfers(deps, requireAuth(req))),
  );

  app.post('/cashier/inventory/transfer-in', flags(R.transferIn), async (req) => {
    const auth = requireAuth(req);
    const r = await transferIn(deps, auth, parseInput(transferInRequest, req.body));
    return ok(r.answer, M.transferInDone);
  });
}
