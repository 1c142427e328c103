// Buttons in equal grid cells or narrow columns (the cashier's action rows, step 1's kinds): on a
// portrait 10-inch tablet a cell is ~100 px wide, so a label may take two lines instead of being cut.
export const GRID_BUTTON = {
  h: 48,
  px: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.15 } },
} as const;
