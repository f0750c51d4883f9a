import type { ReactNode } from 'react';

/**
 * A labelled decimal input (a price, a level, a period): typed left to right in every language,
 * the decimal keyboard, no autocomplete, the value handed on trimmed (unless `trim` is false: a
 * list of periods is typed with spaces); `children` go under it (the figures a level stands for). AmountField is the same with a "max" button.
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
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        dir="ltr"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => onChange(trim ? e.target.value.trim() : e.target.value)}
      />
      {children}
    </label>
  );
}
