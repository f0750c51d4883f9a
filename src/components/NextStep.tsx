import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths, type RouteName } from '../lib/paths.ts';

/** The next steps an empty list offers, each a sentence of `empty.*` and the screen it opens. */
export type NextStepKind = 'deposit' | 'machines' | 'exchange' | 'stake';

const STEP_ROUTE: Record<NextStepKind, RouteName> = {
  deposit: 'recharge',
  machines: 'miningMall',
  exchange: 'flashExchange',
  stake: 'staking',
};

/** An empty list's way out: one button to the screen where its first record is made. */
export function NextStep({ kind }: { kind: NextStepKind }) {
  const { t } = useTranslation();
  return (
    <Link href={paths[STEP_ROUTE[kind]].path} className="button button-primary block next-step">
      {t(`empty.${kind}`)}
    </Link>
  );
}
