// The Mantine theme, shared by the cashier's app and the light public-receipt entry (no storage here).

import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { INPUT_LIMITS } from '../../api/contract/input';

/**
 * Filled backgrounds (white text) use shade 8 of every colour instead of Mantine's 6: red[8] is
 * 4.51:1 and blue[8] 5.02:1 with white. The brand green is Mantine's teal shifted one shade darker,
 * so shade 8 is #087f5b (5.00:1 with white; teal[6] #12b886 was 2.55:1). WCAG AA asks ≥ 4.5:1.
 */
export const BRAND_SHADE = 8;
export const BRAND_GREEN: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#099268',
  '#087f5b',
  '#066649',
];
/** Dimmed text: Mantine's gray[6] #868e96 is 3.32:1 on white; #5f676f is 5.7:1 (≥ 4.5:1 on gray[0] too). */
export const DIMMED_TEXT = '#5f676f';
/** Placeholder text (Input.Placeholder is real text to axe): gray[5] #adb5bd was 2.1:1; #6c757d is 4.69:1. */
export const PLACEHOLDER_TEXT = '#6c757d';
/** Warning text (waiting, not sent): Mantine's orange[9] #d9480f is 3.9:1 on white; #8a3c00 is 7.6:1. */
export const WARNING_TEXT = '#8a3c00';
/** The accessible name of every dialog's close button. */
export const CLOSE_LABEL = 'Tutup';

// Touch-first defaults for a till and a 10-inch tablet.
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: BRAND_SHADE, dark: BRAND_SHADE },
  colors: { teal: BRAND_GREEN },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' } },
    // A typed text the server would refuse (over its bound) could never sync: the field stops there.
    TextInput: { defaultProps: { size: 'md', maxLength: INPUT_LIMITS.maxTextLength } },
    Textarea: { defaultProps: { maxLength: INPUT_LIMITS.maxTextLength } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    // Every other close button (notifications, drawers, inputs' clear buttons) gets the name too.
    CloseButton: { defaultProps: { 'aria-label': CLOSE_LABEL } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } },
      // Under a title Mantine greys the description with gray[6] (3.32:1 on white): the dimmed text instead.
      styles: (_theme: unknown, props: { title?: unknown }) => ({
        description: props.title ? { color: DIMMED_TEXT } : {},
      }),
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT, '--mantine-color-placeholder': PLACEHOLDER_TEXT },
  dark: {},
});
