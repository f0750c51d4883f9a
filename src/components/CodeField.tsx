import type { InputHTMLAttributes } from 'react';

/**
 * A labelled code or address input (an invite code, a withdrawal address): typed left to right in
 * every language, no autocomplete; the rest of `input` as the form needs it.
 */
export function CodeField({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'dir'> & { label: string; name: string; value: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input dir="ltr" autoComplete="off" {...input} />
    </label>
  );
}
