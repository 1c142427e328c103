// Virtual layout of the tile grid: blocks become fixed-height rows (heading, category title, a row
// of tiles) so only the rows in view are rendered, whatever the catalogue's size.
import type { CatalogueBlock, CatalogueTile } from './model';

export const TILE_WIDTH = 150;
export const TILE_IMAGE_HEIGHT = 125;
/** Image + two lines of name + padding. */
export const TILE_ROW_HEIGHT = 184;
export const TILE_GAP = 10;

/** A tile's least width, its image's height and its row's height (the tile plus the gap below it). */
export interface TileSize {
  minWidth: number;
  imageHeight: number;
  rowHeight: number;
}

/**
 * DESKTOP tiles; TABLET tiles (the device setting, 000 §2 Home) are larger targets for a finger. Either
 * way the tiles of a row share the grid's whole width (a portrait tablet showed two 150 px tiles and an
 * empty third of the grid beside them).
 */
export const TILE_SIZES: Readonly<Record<'DESKTOP' | 'TABLET', TileSize>> = {
  DESKTOP: { minWidth: TILE_WIDTH, imageHeight: TILE_IMAGE_HEIGHT, rowHeight: TILE_ROW_HEIGHT },
  TABLET: { minWidth: 180, imageHeight: 150, rowHeight: 212 },
};
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

/** How many tiles of at least `minWidth` fit across a width (at least one). */
export const columnsFor = (width: number, minWidth: number = TILE_WIDTH): number =>
  Math.max(1, Math.floor((width + TILE_GAP) / (minWidth + TILE_GAP)));

export const layoutGrid = (
  blocks: readonly CatalogueBlock[],
  columns: number,
  rowHeight: number = TILE_ROW_HEIGHT,
): GridLayout => {
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
        height: rowHeight,
      });
      top += rowHeight;
    }
  }
  return { rows, height: top, columns: cols };
};
