import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths, type RouteName } from '../lib/paths.ts';

/**
 * A link to a route named by its screen's title (a form's records, a holding's income): the same
 * words as the title bar it leads to. `search` is the query it opens with, without the `?`.
 */
export function RouteLink({
  to,
  search,
  className = 'link-button',
}: {
  to: RouteName;
  search?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { path, title } = paths[to];
  return (
    <Link href={search ? `${path}?${search}` : path} className={className}>
      {t(`routes.${title}`)}
    </Link>
  );
}
