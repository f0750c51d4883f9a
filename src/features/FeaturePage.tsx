import { useTranslation } from 'react-i18next';
import { NotOpenYet } from '../components/NotOpenYet.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import type { RouteDef } from '../lib/paths.ts';

/** A screen whose feature the operator switched off: its real title and back button, and the truth. */
export function FeaturePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`routes.${route.title}`)} />
      <NotOpenYet />
    </>
  );
}
