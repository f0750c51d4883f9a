import { useTranslation } from 'react-i18next';
import type { RouteDef } from '../app/paths.ts';
import { NotOpenYet } from '../components/NotOpenYet.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

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
