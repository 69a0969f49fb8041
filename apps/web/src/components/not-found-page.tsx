import { Link } from 'react-router';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className="text-center py-5">
      <h1 className="h3">{t('notFound.title')}</h1>
      <p className="text-body-secondary">{t('notFound.text')}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
