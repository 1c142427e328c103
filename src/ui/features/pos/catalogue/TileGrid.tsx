// The virtualised tile grid: only rows in view (plus one row each side) are in the DOM, so a
// 20,000-item catalogue scrolls and filters like a small one. layout.ts groups the tiles into fixed-height
// rows; @tanstack/react-virtual (issue 13: a well-kept library, not our own) decides which rows are in view.
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useCallback, useMemo, useRef, useState } from 'react';
import { columnsFor, layoutGrid, TILE_GAP, TILE_IMAGE_HEIGHT, TILE_ROW_HEIGHT, TILE_WIDTH } from './layout';
import type { CatalogueBlock, CatalogueTile } from './model';

// Tiles are plain elements with hoisted styles: a keystroke may mount a screenful of new tiles,
// and Mantine's per-component style resolution would cost more than the filtering itself.
const tileStyle: CSSProperties = {
  width: TILE_WIDTH,
  height: TILE_ROW_HEIGHT - TILE_GAP,
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
const imageStyle: CSSProperties = {
  width: TILE_WIDTH,
  height: TILE_IMAGE_HEIGHT,
  objectFit: 'cover',
  display: 'block',
};
const initialsStyle: CSSProperties = {
  width: TILE_WIDTH,
  height: TILE_IMAGE_HEIGHT,
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'var(--mantine-color-teal-1)',
  color: 'var(--mantine-color-teal-8)',
  fontSize: 40,
  fontWeight: 700,
};
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
const rowStyle: CSSProperties = { display: 'flex', gap: TILE_GAP };
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
}: {
  tile: CatalogueTile;
  onPick: (tile: CatalogueTile) => void;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <button
      type="button"
      onClick={() => onPick(tile)}
      data-testid="catalogue-tile"
      data-key={tile.key}
      title={tile.name}
      style={tileStyle}
    >
      {tile.image && !broken ? (
        <img src={tile.image} alt="" style={imageStyle} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span aria-hidden style={initialsStyle}>
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
}

/**
 * The viewport as the virtualiser sees it; a viewport not laid out yet (or a test's DOM without layout)
 * counts as 800 px high, so the first screenful renders at once.
 */
const observeViewport: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb({ width: rect.width, height: rect.height || 800 }));

/** Memoised: the grid re-renders on its own scroll and size, or when blocks or onPick change. */
export const TileGrid = memo(function TileGrid({ blocks, onPick, height, empty }: TileGridProps) {
  const { ref: sizeRef, width } = useElementSize();
  const viewportRef = useRef<HTMLDivElement>(null);
  const columns = columnsFor(width || TILE_WIDTH * 4);
  const layout = useMemo(() => layoutGrid(blocks, columns), [blocks, columns]);
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
                    <TileButton key={tile.key} tile={tile} onPick={onPick} />
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
