import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { DecimalField } from '../../components/DecimalField.tsx';
import {
  type IndicatorName,
  type IndicatorSettings,
  isPeriod,
  isWidth,
  MAX_PERIOD,
  OVERLAYS,
  PANES,
  readIndicators,
  saveIndicators,
  toggleIndicator,
} from './indicator-settings.ts';

/** The names are the same in every language, as on every exchange's chart. */
const LABELS: Record<IndicatorName, string> = {
  ma: 'MA',
  ema: 'EMA',
  boll: 'BOLL',
  vol: 'VOL',
  macd: 'MACD',
  rsi: 'RSI',
};

/** The chips that switch each indicator, and the sheet that edits their periods. */
export function IndicatorBar() {
  useSignals();
  const { t } = useTranslation();
  const settings = readIndicators();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <fieldset className="indicator-row">
        <legend className="visually-hidden">{t('markets.indicators')}</legend>
        {[...OVERLAYS, ...PANES].map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={settings[name].on}
            className={`chip indicator-chip ${settings[name].on ? 'active' : ''}`}
            data-indicator={name}
            onClick={() => toggleIndicator(name)}
          >
            {LABELS[name]}
          </button>
        ))}
        <button
          type="button"
          className="chip indicator-settings"
          aria-label={t('markets.indicatorSettings')}
          title={t('markets.indicatorSettings')}
          onClick={() => setEditing(true)}
        >
          {/* Sliders: the row of chips stays on one line on a phone. */}
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M4 7h9M17 7h3M4 17h3M11 17h9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <circle cx="15" cy="7" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="9" cy="17" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </fieldset>
      {editing ? <IndicatorSheet initial={settings} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

type Fields = Record<string, string>;

function fieldsOf(s: IndicatorSettings): Fields {
  return {
    ma: s.ma.periods.join(', '),
    ema: s.ema.periods.join(', '),
    bollPeriod: String(s.boll.period),
    bollWidth: String(s.boll.width),
    vol: s.vol.periods.join(', '),
    macdFast: String(s.macd.fast),
    macdSlow: String(s.macd.slow),
    macdSignal: String(s.macd.signal),
    rsi: String(s.rsi.period),
  };
}

const list = (text: string) =>
  text
    .split(/[,\s،、]+/)
    .filter(Boolean)
    .map(Number);
const one = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The edited settings, or the name of the first field that is not a valid period. */
export function parseIndicatorFields(f: Fields, base: IndicatorSettings): IndicatorSettings | string {
  const periods = (key: string) => {
    const values = list(f[key] ?? '');
    return values.length >= 1 && values.length <= 3 && values.every(isPeriod) ? values : null;
  };
  const ma = periods('ma');
  if (!ma) return 'ma';
  const ema = periods('ema');
  if (!ema) return 'ema';
  const vol = periods('vol');
  if (!vol) return 'vol';
  const bollPeriod = one(f.bollPeriod ?? '');
  if (!isPeriod(bollPeriod)) return 'bollPeriod';
  const bollWidth = one(f.bollWidth ?? '');
  if (!isWidth(bollWidth)) return 'bollWidth';
  const fast = one(f.macdFast ?? '');
  const slow = one(f.macdSlow ?? '');
  const signal = one(f.macdSignal ?? '');
  if (!isPeriod(fast)) return 'macdFast';
  if (!isPeriod(slow) || slow <= fast) return 'macdSlow';
  if (!isPeriod(signal)) return 'macdSignal';
  const rsi = one(f.rsi ?? '');
  if (!isPeriod(rsi)) return 'rsi';
  return {
    ma: { ...base.ma, periods: ma },
    ema: { ...base.ema, periods: ema },
    boll: { ...base.boll, period: bollPeriod, width: bollWidth },
    vol: { ...base.vol, periods: vol },
    macd: { ...base.macd, fast, slow, signal },
    rsi: { ...base.rsi, period: rsi },
  };
}

function IndicatorSheet({ initial, onClose }: { initial: IndicatorSettings; onClose(): void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(() => fieldsOf(initial));
  const [invalid, setInvalid] = useState<string | null>(null);
  const input = (key: string, label: string) => (
    <DecimalField
      key={key}
      name={key}
      label={label}
      invalid={invalid === key}
      trim={false}
      value={fields[key] ?? ''}
      onChange={(value) => {
        setInvalid(null);
        setFields({ ...fields, [key]: value });
      }}
    />
  );
  const save = () => {
    const parsed = parseIndicatorFields(fields, initial);
    if (typeof parsed === 'string') {
      setInvalid(parsed);
      return;
    }
    saveIndicators(parsed);
    onClose();
  };
  return (
    <ConfirmSheet
      title={t('markets.indicatorSettings')}
      subtitle={t('markets.periodsHint', { max: MAX_PERIOD })}
      confirmLabel={t('markets.save')}
      busy={false}
      onConfirm={save}
      onCancel={onClose}
    >
      <div className="indicator-fields">
        {input('ma', 'MA')}
        {input('ema', 'EMA')}
        {input('vol', 'VOL MA')}
        {input('bollPeriod', `BOLL ${t('markets.period')}`)}
        {input('bollWidth', `BOLL ${t('markets.bandWidth')}`)}
        {input('rsi', `RSI ${t('markets.period')}`)}
        {input('macdFast', `MACD ${t('markets.fast')}`)}
        {input('macdSlow', `MACD ${t('markets.slow')}`)}
        {input('macdSignal', `MACD ${t('markets.signal')}`)}
      </div>
      {invalid ? (
        <p className="form-error" role="alert">
          {t('markets.periodInvalid', { max: MAX_PERIOD })}
        </p>
      ) : null}
    </ConfirmSheet>
  );
}
