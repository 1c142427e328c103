// The virtualised tile grid: only rows in view (plus one row each side) are in the DOM, so a
// 20,000-item catalogue scrolls and filters like a small one. layout.ts groups the tiles into fixed-height
// rows; @tanstack/react-virtual (issue 13: a well-kept library, not our own) decides which rows are in view.
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useCallback, useMemo, useRef, useState } from 'react';
import { columnsFor, layoutGrid, TILE_GAP, TILE_SIZES, type TileSize } from './layout';
import type { CatalogueBlock, CatalogueTile } from './model';

// Tiles are plain elements with hoisted styles: a keystroke may mount a screenful of new tiles,
// and Mantine's per-component style resolution would cost more than the filtering itself.
const tileBase: CSSProperties = {
  borderRadius: 8,
  border: '1px solid var(--mantine-color-gray-3)',
  background: 'var(--mantine-color-body)',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  padding: 0,
  cursor: 'pointer',
  textAlign: 'left',
  font: 'inherit',
  color: 'inherit',
};
const initialsBase: CSSProperties = {
  width: '100%',
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'var(--mantine-color-teal-1)',
  color: 'var(--mantine-color-teal-8)',
  fontSize: 40,
  fontWeight: 700,
};

/** The hoisted styles of one tile size (a tile's width comes from the row's grid). */
const stylesFor = (size: TileSize) => ({
  tile: { ...tileBase, height: size.rowHeight - TILE_GAP } satisfies CSSProperties,
  image: {
    width: '100%',
    height: size.imageHeight,
    objectFit: 'cover',
    display: 'block',
    flex: 'none',
  } satisfies CSSProperties,
  initials: { ...initialsBase, height: size.imageHeight } satisfies CSSProperties,
});
type TileStyles = ReturnType<typeof stylesFor>;
const STYLES = { DESKTOP: stylesFor(TILE_SIZES.DESKTOP), TABLET: stylesFor(TILE_SIZES.TABLET) };

const nameStyle: CSSProperties = {
  fontSize: 'var(--mantine-font-size-sm)',
  fontWeight: 500,
  lineHeight: 1.25,
  // Vertical space as margin: overflow is clipped at the padding edge, so padding would show a third line.
  padding: '0 6px',
  margin: '4px 0',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  // Two lines at most, also where the flex column would let a third one show.
  maxHeight: '2.5em',
  flex: 'none',
};
const headingStyle: CSSProperties = { fontSize: 20, fontWeight: 700, paddingTop: 8, margin: 0 };
const categoryStyle: CSSProperties = {
  fontSize: 'var(--mantine-font-size-sm)',
  fontWeight: 700,
  color: 'var(--mantine-color-dimmed)',
  paddingTop: 8,
  textTransform: 'uppercase',
};

const TileButton = memo(function TileButton({
  tile,
  onPick,
  styles,
}: {
  tile: CatalogueTile;
  onPick: (tile: CatalogueTile) => void;
  styles: TileStyles;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <button
      type="button"
      onClick={() => onPick(tile)}
      data-testid="catalogue-tile"
      data-key={tile.key}
      title={tile.name}
      style={styles.tile}
    >
      {tile.image && !broken ? (
        <img src={tile.image} alt="" style={styles.image} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span aria-hidden style={styles.initials}>
          {tile.initials}
        </span>
      )}
      <span style={nameStyle}>{tile.name}</span>
    </button>
  );
});

export interface TileGridProps {
  blocks: readonly CatalogueBlock[];
  onPick: (tile: CatalogueTile) => void;
  /** Height of the scrolling area (CSS). */
  height: string | number;
  empty?: string;
  /** TABLET display mode: larger tiles (TILE_SIZES). */
  tablet?: boolean;
}

/**
 * The viewport as the virtualiser sees it; a viewport not laid out yet (or a test's DOM without layout)
 * counts as 800 px high, so the first screenful renders at once.
 */
const observeViewport: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb({ width: rect.width, height: rect.height || 800 }));

/** Memoised: the grid re-renders on its own scroll and size, or when blocks or onPick change. */
export const TileGrid = memo(function TileGrid({ blocks, onPick, height, empty, tablet }: TileGridProps) {
  const { ref: sizeRef, width } = useElementSize();
  const viewportRef = useRef<HTMLDivElement>(null);
  const size = TILE_SIZES[tablet ? 'TABLET' : 'DESKTOP'];
  const styles = STYLES[tablet ? 'TABLET' : 'DESKTOP'];
  const columns = columnsFor(width || size.minWidth * 4, size.minWidth);
  const layout = useMemo(() => layoutGrid(blocks, columns, size.rowHeight), [blocks, columns, size]);
  // the tiles of a row share the whole width (one equal track per column; a last, shorter row keeps the tracks)
  const rowStyle = useMemo<CSSProperties>(
    () => ({
      display: 'grid',
      gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
      gap: TILE_GAP,
    }),
    [columns],
  );
  const virtualizer = useVirtualizer({
    count: layout.rows.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: useCallback((i: number) => layout.rows[i].height, [layout]),
    getItemKey: useCallback((i: number) => layout.rows[i].key, [layout]),
    // one tile row each side, as before
    overscan: 1,
    initialRect: { width: 0, height: 800 },
    observeElementRect: observeViewport,
  });
  return (
    <Box
      data-testid="catalogue-grid"
      data-columns={columns}
      style={{ height, overflowY: 'auto', overflowX: 'hidden', position: 'relative' }}
      ref={viewportRef}
    >
      <Box ref={sizeRef} style={{ height: layout.height, position: 'relative', width: '100%' }}>
        {layout.rows.length === 0 && empty ? (
          <Text c="dimmed" ta="center" py="xl">
            {empty}
          </Text>
        ) : null}
        {virtualizer.getVirtualItems().map((item) => {
          const row = layout.rows[item.index];
          return (
            <div
              key={row.key}
              style={{ position: 'absolute', top: row.top, left: 0, right: 0, height: row.height }}
            >
              {row.kind === 'heading' ? (
                <h4 style={headingStyle}>{row.title}</h4>
              ) : row.kind === 'category' ? (
                <div style={categoryStyle}>{row.title}</div>
              ) : (
                <div style={rowStyle}>
                  {row.tiles.map((tile) => (
                    <TileButton key={tile.key} tile={tile} onPick={onPick} styles={styles} />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </Box>
    </Box>
  );
});
