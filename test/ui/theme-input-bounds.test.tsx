// @vitest-environment jsdom
// A text the server refuses (over INPUT_LIMITS.maxTextLength, issue 11 item 4) would leave a sale that never
// syncs: every typed field of the app's theme stops at the server's bound.
import { MantineProvider, Textarea, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/api/contract/input';
import { theme } from '../../src/ui/app/theme';

describe('typed text is bounded like the server', () => {
  it('Textarea and TextInput carry maxLength = the server bound', () => {
    render(
      <MantineProvider theme={theme}>
        <Textarea label="Catatan" />
        <TextInput label="Nama" />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Catatan').getAttribute('maxlength')).toBe(
      String(INPUT_LIMITS.maxTextLength),
    );
    expect(screen.getByLabelText('Nama').getAttribute('maxlength')).toBe(String(INPUT_LIMITS.maxTextLength));
  });
});
