import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A number input on its own (a field's, or one in a row of its own like the exchange's amount):
 * typed left to right in every language, the keyboard for the kind of number asked (`whole`: a
 * count, without a decimal point), no autocomplete, the value handed on trimmed (unless `trim` is
 * false: a list of periods is typed with spaces).
 */
export function DecimalInput({
  onChange,
  whole = false,
  trim = true,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'dir' | 'inputMode'> & {
  name: string;
  value: string;
  onChange(value: string): void;
  whole?: boolean;
  trim?: boolean;
}) {
  return (
    <input
      dir="ltr"
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...input}
      onChange={(e) => onChange(trim ? e.target.value.trim() : e.target.value)}
    />
  );
}

/**
 * A labelled decimal input (a price, a level, a period); `children` go under it (the figures a
 * level stands for). AmountField is the same with a "max" button.
 */
export function DecimalField({
  label,
  name,
  value,
  onChange,
  placeholder,
  invalid = false,
  trim = true,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  invalid?: boolean;
  trim?: boolean;
  children?: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: DecimalInput is the <input> the label wraps
    <label className="field">
      <span>{label}</span>
      <DecimalInput
        name={name}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        value={value}
        trim={trim}
        onChange={onChange}
      />
      {children}
    </label>
  );
}
