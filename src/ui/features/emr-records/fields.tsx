// Small inputs shared by the medical forms: a labelled radio group over an enum and a text field bound to a key.
import { Group, Radio, Textarea, TextInput } from '@mantine/core';

export function Choice<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | '';
  options: readonly (readonly [V, string])[];
  onChange: (v: V) => void;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as V)}>
      <Group gap="md" mt={4}>
        {options.map(([v, text]) => (
          <Radio key={v} value={v} label={text} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function Text1({
  label,
  value,
  onChange,
  long = false,
  type,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  long?: boolean;
  type?: string;
}) {
  return long ? (
    <Textarea
      label={label}
      value={value}
      autosize
      minRows={2}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  ) : (
    <TextInput label={label} type={type} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

/** An item's field setter: set('alamat')(value). */
export const setter =
  <I,>(value: I, onChange: (v: I) => void) =>
  <K extends keyof I>(key: K) =>
  (v: I[K]) =>
    onChange({ ...value, [key]: v });

/** An input bound to one key of an item: <Text1 label={…} {...field('alamat')} />. */
export const binder =
  <I,>(value: I, onChange: (v: I) => void) =>
  <K extends keyof I>(key: K) => ({ value: value[key], onChange: setter(value, onChange)(key) });
