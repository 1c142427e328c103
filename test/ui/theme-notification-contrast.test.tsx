// @vitest-environment jsdom
// axe found the description of a titled notification at 3.32:1 (Mantine's gray[6]): the theme gives it the
// dimmed text colour (5.7:1), and leaves an untitled one in the body colour.
import { MantineProvider, Notification } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIMMED_TEXT, theme } from '../../src/ui/app/theme';

const hex = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? []).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe('notification text contrast', () => {
  it('a titled notification describes in the dimmed colour; an untitled one keeps the default', () => {
    render(
      <MantineProvider theme={theme}>
        <Notification title="Gagal">dengan judul</Notification>
        <Notification>tanpa judul</Notification>
      </MantineProvider>,
    );
    expect(hex(screen.getByText('dengan judul').style.color)).toBe(DIMMED_TEXT);
    expect(screen.getByText('tanpa judul').style.color).toBe('');
  });
});
