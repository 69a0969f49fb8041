import type { SearchParams } from '@marketplace/contracts';
import { searchQueryString } from '@marketplace/contracts/catalogue-essentials';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { loginPathReturningTo } from '../../lib/login-redirect';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { withPageAreaMessages } from '../../lib/i18n/load-catalogue';

const loadForm = () => withPageAreaMessages(import('./save-search-form'));
/** The form's code loads when someone means to save, not with every results page. */
const SaveSearchForm = lazy(() => loadForm().then((module) => ({ default: module.SaveSearchForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

/**
 * "Save this search" on /search: a signed-in user names it and chooses alerts in place; a visitor
 * logs in first and comes back to the same results.
 */
export function SaveSearch({ search: params, suggestedName }: { search: SearchParams; suggestedName: string }) {
  const { t } = useI18n();
  const { data: user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!user) {
    return (
      <Link className="btn btn-sm btn-outline-primary" to={loginPathReturningTo(`${pathname}${search}`)}>
        {t('savedSearches.save')}
      </Link>
    );
  }
  if (saved) {
    return (
      <p className="mb-0" role="status">
        {t('savedSearches.saved')} <Link to={paths.savedSearches}>{t('savedSearches.seeAll')}</Link>
      </p>
    );
  }
  return (
    <div className="save-search">
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
      >
        {t('savedSearches.save')}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
            <SaveSearchForm
              query={searchQueryString(params)}
              suggestedName={suggestedName}
              onSaved={() => setSaved(true)}
              onCancel={() => setOpen(false)}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
