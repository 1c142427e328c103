// Virtual layout of the tile grid: blocks become fixed-height rows (heading, category title, a row
// of tiles) so only the rows in view are rendered, whatever the catalogue's size.
import type { CatalogueBlock, CatalogueTile } from './model';

export const TILE_WIDTH = 150;
export const TILE_IMAGE_HEIGHT = 125;
/** Image + two lines of name + padding. */
export const TILE_ROW_HEIGHT = 184;
export const TILE_GAP = 10;
export const HEADING_ROW_HEIGHT = 44;
export const CATEGORY_ROW_HEIGHT = 36;

export type LayoutRow =
  | { kind: 'heading'; key: string; title: string; top: number; height: number }
  | { kind: 'category'; key: string; title: string; top: number; height: number }
  | { kind: 'tiles'; key: string; tiles: CatalogueTile[]; top: number; height: number };

export interface GridLayout {
  rows: LayoutRow[];
  height: number;
  columns: number;
}

/** How many tiles fit across a width (at least one). */
export const columnsFor = (width: number): number =>
  Math.max(1, Math.floor((width + TILE_GAP) / (TILE_WIDTH + TILE_GAP)));

export const layoutGrid = (blocks: readonly CatalogueBlock[], columns: number): GridLayout => {
  const rows: LayoutRow[] = [];
  let top = 0;
  const cols = Math.max(1, columns);
  for (const block of blocks) {
    if (block.kind === 'heading') {
      rows.push({ kind: 'heading', key: block.key, title: block.title, top, height: HEADING_ROW_HEIGHT });
      top += HEADING_ROW_HEIGHT;
      continue;
    }
    rows.push({ kind: 'category', key: block.key, title: block.title, top, height: CATEGORY_ROW_HEIGHT });
    top += CATEGORY_ROW_HEIGHT;
    for (let i = 0; i < block.tiles.length; i += cols) {
      rows.push({
        kind: 'tiles',
        key: `${block.key}:${i}`,
        tiles: block.tiles.slice(i, i + cols),
        top,
        height: TILE_ROW_HEIGHT,
      });
      top += TILE_ROW_HEIGHT;
    }
  }
  return { rows, height: top, columns: cols };
};
