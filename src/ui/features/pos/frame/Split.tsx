// Two columns filling the page body (steps 2 and 3): each scrolls on its own, nothing scrolls sideways.
import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

const column = (grow: number): CSSProperties => ({
  flex: `${grow} 1 0`,
  minWidth: 0,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

export function Split({
  left,
  right,
  ratio,
}: {
  left: ReactNode;
  right: ReactNode;
  ratio: [number, number];
}) {
  return (
    <Box h="100%" style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', minHeight: 0 }}>
      <Box style={column(ratio[0])}>{left}</Box>
      <Box style={column(ratio[1])}>{right}</Box>
    </Box>
  );
}
