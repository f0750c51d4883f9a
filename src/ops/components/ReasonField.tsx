/** The reason every change asks for (protocol/ops.ts `reasonField`: 3 to 500 characters), kept in the audit log. */
import { useId } from 'react';
import { useI18n } from '../i18n/i18n.tsx';

export const REASON_MIN = 3;
export const REASON_MAX = 500;

export function reasonOk(reason: string): boolean {
  const length = reason.trim().length;
  return length >= REASON_MIN && length <= REASON_MAX;
}

export function ReasonField({
  value,
  onChange,
  optional = false,
}: {
  value: string;
  onChange(value: string): void;
  optional?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="ops-field">
      <label htmlFor={id}>{optional ? t('reason.optional') : t('reason.label')}</label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        required={!optional}
        minLength={REASON_MIN}
        maxLength={REASON_MAX}
        value={value}
        placeholder={t('reason.placeholder')}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
