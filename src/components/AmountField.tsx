import type { ReactNode } from 'react';

/**
 * A labelled amount (or count) input with a "max" button and a line under it (what is available):
 * numbers typed left to right in every language, no autocomplete, the keyboard for the kind of
 * number asked.
 */
export function AmountField({
  label,
  name,
  value,
  placeholder,
  whole = false,
  disabled = false,
  maxLabel,
  onChange,
  onMax,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  /** A whole count (shares, machines): the numeric keyboard without a decimal point. */
  whole?: boolean;
  disabled?: boolean;
  maxLabel: string;
  onChange(value: string): void;
  onMax(): void;
  hint?: ReactNode;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <span className="input-with-button">
        <input
          name={name}
          dir="ltr"
          inputMode={whole ? 'numeric' : 'decimal'}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
        />
        <button type="button" className="link-button" disabled={disabled} onClick={onMax}>
          {maxLabel}
        </button>
      </span>
      {hint}
    </label>
  );
}
