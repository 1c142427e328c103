// A calendar day picked with @mantine/dates and shown as DD/MM/YYYY whatever the browser's language: a
// native <input type="date"> showed 11/27/2026 in an English browser (issue 22 item 8). The value stays the
// domain's YYYY-MM-DD string.
import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

/** How every picked day reads on screen. */
export const DAY_INPUT_FORMAT = 'DD/MM/YYYY';

export type DayInputProps = Omit<DatePickerInputProps<'default'>, 'value' | 'onChange' | 'type'> & {
  /** YYYY-MM-DD, or null for none */
  value: string | null;
  onChange: (day: string | null) => void;
};

export function DayInput({ value, onChange, ...rest }: DayInputProps) {
  return (
    <DatePickerInput
      valueFormat={DAY_INPUT_FORMAT}
      placeholder={DAY_INPUT_FORMAT}
      {...rest}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
    />
  );
}
