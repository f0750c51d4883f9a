import type { ReactNode } from 'react';
import { DecimalInput } from './DecimalField.tsx';

/**
 * A labelled amount (or count) input (DecimalInput) with a "max" button and a line under it (what
 * is available).
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
        <DecimalInput
          name={name}
          whole={whole}
          disabled={disabled}
          placeholder={placeholder}
          value={value}
          onChange={onChange}
        />
        <button type="button" className="link-button" disabled={disabled} onClick={onMax}>
          {maxLabel}
        </button>
      </span>
      {hint}
    </label>
  );
}
