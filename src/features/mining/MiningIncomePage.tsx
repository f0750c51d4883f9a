import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { MiningIncome } from '../../../protocol/mining.ts';
import { NextStep } from '../../components/NextStep.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { withThousands } from '../../lib/format.ts';
import { formatDay } from '../../lib/format-text.ts';
import { getIncome } from './api.ts';
import { MiningTabs } from './MiningTabs.tsx';

/** /miningIncome (?holdingId= for one machine): each settled day's output, newest first. */
export function MiningIncomePage() {
  const { t } = useTranslation();
  const raw = new URLSearchParams(useSearch()).get('holdingId') ?? undefined;
  const holdingId = raw !== undefined && /^[1-9][0-9]{0,15}$/.test(raw) ? raw : undefined;
  return (
    <>
      <PageHeader title={t('routes.miningIncome')} />
      <MiningTabs />
      <RecordList<MiningIncome>
        emptyNext={<NextStep kind="machines" />}
        key={holdingId ?? 'all'}
        fetchPage={(page) => getIncome(page, holdingId)}
        row={(i) => (
          <li key={i.id} data-day={i.day}>
            <div>
              <span className="record-type" dir="auto">
                {i.name}
              </span>
              <span className="muted small" dir="ltr">
                {formatDay(i.day)}
              </span>
            </div>
            <div className="record-end">
              <span className="amount up" dir="ltr">
                +{withThousands(i.amount)} {i.coin}
              </span>
              <span className="muted small">
                {i.source === 'demo' ? t('mining.demoOutput') : t('mining.declaredOutput')}
              </span>
            </div>
          </li>
        )}
      />
    </>
  );
}
