import { useTranslation } from 'react-i18next';

export function PinnedBadge() {
  const { t } = useTranslation();
  return <span className="badge badge-pinned">{t('news.pinned')}</span>;
}
