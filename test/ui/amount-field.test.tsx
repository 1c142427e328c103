// @vitest-environment jsdom
// Issue 23 item 17: the one amount input (AmountField): what is typed is read by parseAmountInput and shown back
// with the device's separators; the cashier's payment, discount, custom price, special amount and shift cash use it.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AmountInput, Separators } from '../../src/domain';
import { AmountField } from '../../src/ui/components/AmountField';
import { installDomShims } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

function Harness({ separators, seen }: { separators: Separators; seen: AmountInput[] }) {
  const [text, setText] = useState('');
  return (
    <MantineProvider>
      <AmountField
        label="Nominal"
        value={text}
        separators={separators}
        onChange={(input) => {
          seen.push(input);
          setText(input.text);
        }}
      />
    </MantineProvider>
  );
}

describe('AmountField', () => {
  it.each([
    [{ decimalSeparator: '.', thousandSeparator: ',' }, '1234567.891', '1,234,567.89', 1234567.89],
    [{ decimalSeparator: ',', thousandSeparator: '.' }, '1234567,5', '1.234.567,5', 1234567.5],
    [{ decimalSeparator: '.', thousandSeparator: ',' }, '12345678901', '999,999,999', 999999999],
  ])('with %o, typing %s shows %s (value %d)', (separators, typed, shown, value) => {
    const seen: AmountInput[] = [];
    render(<Harness separators={separators} seen={seen} />);
    const input = screen.getByLabelText('Nominal') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    expect(input.value).toBe(shown);
    expect(seen.at(-1)).toEqual({ value, text: shown });
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });
});
