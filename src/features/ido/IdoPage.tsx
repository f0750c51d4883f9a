/**
 * The IDO section (docs/spec/product.md section 2): about to start, in progress (where users subscribe), their
 * positions, and the offerings that are over. Each tab is a route of its own under one header.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { IdoOffering, IdoPosition } from '../../../protocol/ido.ts';
import { currentUser } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { RecordCards } from '../../components/RecordList.tsx';
import { SectionTabs } from '../../components/SectionTabs.tsx';
import { paths, type RouteName } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { getOfferings, getPositions } from './api.ts';
import { OfferingCard } from './OfferingCard.tsx';
import { PositionCard } from './PositionCard.tsx';
import { SubscribeAction } from './SubscribeAction.tsx';

const TABS: readonly RouteName[] = ['idoAboutStart', 'idoInProgress', 'idoPosition', 'idoOver'];

function ComingSoon() {
  return (
    <RecordCards<IdoOffering>
      fetchPage={(page) => getOfferings('coming_soon', page)}
      row={(o) => <OfferingCard key={o.id} offering={o} />}
    />
  );
}

function InProgress() {
  useSignals();
  const user = currentUser();
  const [version, setVersion] = useState(0);
  const load = useLoad(async () => {
    const [offerings, mine] = await Promise.all([
      getOfferings('ongoing'),
      user ? getPositions() : Promise.resolve(null),
    ]);
    const owned = new Map(mine?.list.map((p) => [p.offeringId, p.shares]) ?? []);
    return offerings.list.map((o) => ({ o, owned: owned.get(o.id) ?? 0 }));
  }, [user?.address, version]);
  return (
    <LoadState load={load} empty={(list) => list.length === 0}>
      {(list) => (
        <ul className="machine-list">
          {list.map(({ o, owned }) => (
            <OfferingCard
              key={o.id}
              offering={o}
              action={<SubscribeAction offering={o} owned={owned} onDone={() => setVersion((n) => n + 1)} />}
            />
          ))}
        </ul>
      )}
    </LoadState>
  );
}

function Positions() {
  return (
    <RecordCards<IdoPosition>
      fetchPage={getPositions}
      row={(x) => <PositionCard key={x.offeringId} position={x} />}
    />
  );
}

function Over() {
  const load = useLoad(async (): Promise<IdoOffering[]> => {
    const [ended, issued] = await Promise.all([getOfferings('ended'), getOfferings('issued')]);
    return [...ended.list, ...issued.list];
  }, []);
  return (
    <LoadState load={load} empty={(list) => list.length === 0}>
      {(list) => (
        <ul className="machine-list">
          {list.map((o) => (
            <OfferingCard key={o.id} offering={o} />
          ))}
        </ul>
      )}
    </LoadState>
  );
}

export function IdoPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <>
      <header className="page-header page-header-plain">
        <h1>{t('routes.ido')}</h1>
      </header>
      <SectionTabs tabs={TABS} label={t('nav.idoTabs')} />
      {location === paths.idoAboutStart.path ? <p className="muted small">{t('ido.intro')}</p> : null}
      {location === paths.idoAboutStart.path ? <ComingSoon /> : null}
      {location === paths.idoInProgress.path ? <InProgress /> : null}
      {location === paths.idoPosition.path ? <Positions /> : null}
      {location === paths.idoOver.path ? <Over /> : null}
    </>
  );
}
