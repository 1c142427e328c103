// The ingest benches' sale mix, like a salon's day: retail, services with recipes, a customer on a quarter of
// them. The fixtures' line/sale are passed in: ingest-ab.bench.ts builds them from two trees' fixtures.
interface Item {
  pos_item_id: number;
  item_nature: string;
  is_package?: unknown;
}

export function saleMix<C, L, T>(
  fx: {
    line: (config: C, posItemId: number, qty: number) => L;
    sale: (config: C, lines: L[], extra: { customer?: { user_code: string } }) => T;
  },
  config: C,
  n: number,
  customerCode: string,
): T[] {
  const items = (config as unknown as { pos_items: Item[] }).pos_items;
  const services = items.filter((i) => i.item_nature === 'SERVICE' && Number(i.is_package) !== 1);
  const retail = items.filter((i) => i.item_nature === 'RETAIL');
  return Array.from({ length: n }, (_, k) => {
    const lines = [
      fx.line(config, services[k % services.length].pos_item_id, 1),
      fx.line(config, retail[k % retail.length].pos_item_id, 1 + (k % 3)),
    ];
    if (k % 5 === 0) lines.push(fx.line(config, services[(k * 7) % services.length].pos_item_id, 1));
    return fx.sale(config, lines, k % 4 === 0 ? { customer: { user_code: customerCode } } : {});
  });
}
