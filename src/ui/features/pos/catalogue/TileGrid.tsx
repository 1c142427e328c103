// The virtualised tile grid: only rows in view (plus one row each side) are in the DOM, so a
// 20,000-item catalogue scrolls and filters like a small one.
import { Box, Image, Text, Title, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { memo, useMemo, useState } from 'react';
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

const TileButton = memo(function TileButton({
  tile,
  onPick,
}: {
  tile: CatalogueTile;
  onPick: (tile: CatalogueTile) => void;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <UnstyledButton
      onClick={() => onPick(tile)}
      data-testid="catalogue-tile"
      data-key={tile.key}
      title={tile.name}
      style={{
        width: TILE_WIDTH,
        height: TILE_ROW_HEIGHT - TILE_GAP,
        borderRadius: 8,
        border: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-body)',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {tile.image && !broken ? (
        <Image
          src={tile.image}
          alt=""
          w={TILE_WIDTH}
          h={TILE_IMAGE_HEIGHT}
          fit="cover"
          loading="lazy"
          onError={() => setBroken(true)}
        />
      ) : (
        <Box
          w={TILE_WIDTH}
          h={TILE_IMAGE_HEIGHT}
          aria-hidden
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'var(--mantine-color-teal-1)',
            color: 'var(--mantine-color-teal-8)',
            fontSize: 40,
            fontWeight: 700,
          }}
        >
          {tile.initials}
        </Box>
      )}
      <Text size="sm" fw={500} lineClamp={2} px={6} py={4} lh={1.25}>
        {tile.name}
      </Text>
    </UnstyledButton>
  );
});

export interface TileGridProps {
  blocks: readonly CatalogueBlock[];
  onPick: (tile: CatalogueTile) => void;
  /** Height of the scrolling area (CSS). */
  height: string | number;
  empty?: string;
}

export function TileGrid({ blocks, onPick, height, empty }: TileGridProps) {
  const { ref: sizeRef, width } = useElementSize();
  const [scroll, setScroll] = useState({ top: 0, height: 800 });
  const columns = columnsFor(width || TILE_WIDTH * 4);
  const layout = useMemo(() => layoutGrid(blocks, columns), [blocks, columns]);
  const rows = visibleRows(layout, scroll.top, scroll.height);
  return (
    <Box
      data-testid="catalogue-grid"
      style={{ height, overflowY: 'auto', overflowX: 'hidden', position: 'relative' }}
      onScroll={(e) => {
        const el = e.currentTarget;
        setScroll({ top: el.scrollTop, height: el.clientHeight });
      }}
      ref={(el: HTMLDivElement | null) => {
        if (el?.clientHeight && el.clientHeight !== scroll.height)
          setScroll((s) => ({ ...s, height: el.clientHeight }));
      }}
    >
      <Box ref={sizeRef} style={{ height: layout.height, position: 'relative', width: '100%' }}>
        {layout.rows.length === 0 && empty ? (
          <Text c="dimmed" ta="center" py="xl">
            {empty}
          </Text>
        ) : null}
        {rows.map((row) => (
          <Box
            key={row.key}
            style={{ position: 'absolute', top: row.top, left: 0, right: 0, height: row.height }}
          >
            {row.kind === 'heading' ? (
              <Title order={4} pt={8}>
                {row.title}
              </Title>
            ) : row.kind === 'category' ? (
              <Text fw={700} c="dimmed" pt={8} size="sm" tt="uppercase">
                {row.title}
              </Text>
            ) : (
              <Box style={{ display: 'flex', gap: TILE_GAP }}>
                {row.tiles.map((tile) => (
                  <TileButton key={tile.key} tile={tile} onPick={onPick} />
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
