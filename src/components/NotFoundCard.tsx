import { useTranslation } from 'react-i18next';
import type { RouteName } from '../lib/paths.ts';
import { RouteLink } from './RouteLink.tsx';

/**
 * What a details screen opened without a usable id shows (a link cut short, an old bookmark):
 * "Not found" and the way to the list it belongs to, never a form's message about a missing field.
 */
export function NotFoundCard({ back }: { back: RouteName }) {
  const { t } = useTranslation();
  return (
    <section className="card not-found-card" role="status">
      <p>{t('errors.not_found')}</p>
      <RouteLink to={back} className="button button-secondary block" />
    </section>
  );
}
