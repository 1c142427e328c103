/**
 * The cashier's command layer (issue 4): every cashier action validates with src/domain and
 * commits trx.* events through the store's writer. Nothing else writes transactions.
 *
 *   const commands = createCashierCommands({ store: getStore(), getConfig, actor, now });
 *   const r = await commands.addItem({ local_trx_id, item, pos_item_variant_id, qty: 1 });
 *   if (!r.ok) notify(r.message); // the specification's message, verbatim
 *
 * Reads for screens live in ../selectors (Dexie queries to wrap in useLiveQuery).
 */
export { createCashierCommands } from './create';
export { changeDeviceSettings, recordInventoryConsumption } from './device';
export { correctTransactions } from './maintenance';
export * from './shift';
export * from './types';
