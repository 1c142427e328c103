// @vitest-environment jsdom
// The cashier's tile grid on @tanstack/react-virtual (issue 13): 1,000 items put only the rows in view in
// the DOM; scrolled to the end, the last tiles are there and the first are gone.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PosItem } from '../../src/domain';
import { TILE_ROW_HEIGHT } from '../../src/ui/features/pos/catalogue/layout';
import { buildItemCatalogue } from '../../src/ui/features/pos/catalogue/model';
import { TileGrid } from '../../src/ui/features/pos/catalogue/TileGrid';
import { cleanup, flush, render } from './pos-dialogs-dom';

afterEach(cleanup);

const item = (id: number): PosItem => ({
  pos_item_id: id,
  item_name: `Item ${id}`,
  is_package: 0,
  is_custom: 0,
  is_hidden: 0,
  no_commission: 0,
  is_custom_price: 0,
  is_custom_discount: 0,
  is_stock_out_required: 0,
  pos_item_variants: [{ pos_item_variant_id: id * 10, variant_price: 1000, sku: `SKU-${id}` }],
});

describe('TileGrid', () => {
  it('renders only the rows in view, and the last ones once scrolled there', async () => {
    const index = buildItemCatalogue(
      { pos_items: Array.from({ length: 1000 }, (_, i) => item(i + 1)), pos_item_categories: [] },
      {},
      'http://h',
    );
    render(<TileGrid blocks={index.blocks} height={800} onPick={() => {}} />);
    await flush();
    // jsdom lays nothing out: the grid is 3 tiles wide (its fallback width) and 800 px high
    const tiles = () =>
      [...document.querySelectorAll('[data-testid="catalogue-tile"]')].map((t) => t.getAttribute('title'));
    const first = tiles();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(3 * Math.ceil(800 / TILE_ROW_HEIGHT + 2));
    expect(first).toContain('Item 1');

    const grid = document.querySelector('[data-testid="catalogue-grid"]') as HTMLElement;
    act(() => {
      grid.scrollTop = Number.parseFloat((grid.firstElementChild as HTMLElement).style.height) - 800;
      grid.dispatchEvent(new Event('scroll'));
    });
    await flush();
    const later = tiles();
    const block = index.blocks.at(-1);
    const last = block?.kind === 'heading' ? undefined : block?.tiles.at(-1)?.name;
    expect(later).toContain(last);
    expect(later.filter((t) => first.includes(t))).toEqual([]);
    expect(later.length).toBeLessThanOrEqual(3 * Math.ceil(800 / TILE_ROW_HEIGHT + 2));
  });
});
