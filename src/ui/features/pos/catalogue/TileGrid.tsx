// The virtualised tile grid: only rows in view (plus one row each side) are in the DOM, so a
// 20,000-item catalogue scrolls and filters like a small one.
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type CSSProperties, memo, useMemo, useState } from 'react';
import {
  columnsFor,
  layoutGrid,
  TILE_GAP,
  TILE_IMAGE_HEIGHT,
  TILE_ROW_HEIGHT,
  TILE_WIDTH,
  visibleRows,
} from './layout';
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

/** Memoised: the grid re-renders on its own scroll and size, or when blocks or onPick change. */
export const TileGrid = memo(function TileGrid({ blocks, onPick, height, empty }: TileGridProps) {
  const { ref: sizeRef, width } = useElementSize();
  // The viewport's height from a ResizeObserver: reading clientHeight during commits forces layout.
  const { ref: viewportRef, height: viewportHeight } = useElementSize<HTMLDivElement>();
  const [scrollTop, setScrollTop] = useState(0);
  const columns = columnsFor(width || TILE_WIDTH * 4);
  const layout = useMemo(() => layoutGrid(blocks, columns), [blocks, columns]);
  const rows = visibleRows(layout, scrollTop, viewportHeight || 800);
  return (
    <Box
      data-testid="catalogue-grid"
      style={{ height, overflowY: 'auto', overflowX: 'hidden', position: 'relative' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      ref={viewportRef}
    >
      <Box ref={sizeRef} style={{ height: layout.height, position: 'relative', width: '100%' }}>
        {layout.rows.length === 0 && empty ? (
          <Text c="dimmed" ta="center" py="xl">
            {empty}
          </Text>
        ) : null}
        {rows.map((row) => (
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
        ))}
      </Box>
    </Box>
  );
});
