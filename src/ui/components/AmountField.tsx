// The one amount input (000 §5 / 002 §5 "Amount input"): the integer part digits only, capped at 999999999, at
// most 2 decimals, the text written back with the device's separators (src/domain's parseAmountInput).
import { TextInput, type TextInputProps } from '@mantine/core';
import { useCallback, useState } from 'react';
import { type AmountInput, formatAmountInput, parseAmountInput, type Separators } from '../../domain';

export interface AmountFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The formatted text shown (as the last onChange gave it). */
  value: string;
  /** The typed text read: its value and its formatted text. */
  onChange: (input: AmountInput) => void;
  separators: Separators;
}

export function AmountField({
  value,
  onChange,
  separators,
  inputMode = 'decimal',
  ...rest
}: AmountFieldProps) {
  return (
    <TextInput
      inputMode={inputMode}
      {...rest}
      value={value}
      onChange={(e) => onChange(parseAmountInput(e.currentTarget.value, separators))}
    />
  );
}

/** An amount's text and value kept together: `set` writes a value back (blank for 0). */
export function useAmountText(separators: Separators, initial = 0) {
  const [text, setText] = useState(initial > 0 ? formatAmountInput(initial, separators) : '');
  const value = parseAmountInput(text, separators).value;
  const set = useCallback(
    (v: number) => setText(v > 0 ? formatAmountInput(v, separators) : ''),
    [separators],
  );
  return {
    text,
    value,
    set,
    /** Raw typed (or prefilled) text: read and formatted. */
    onChange: (raw: string) => setText(parseAmountInput(raw, separators).text),
  };
}
