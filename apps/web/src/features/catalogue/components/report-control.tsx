import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { loginPathReturningTo } from '../../../lib/login-redirect';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import type { ReportTarget } from './report-form';
import { withPageAreaMessages } from '../../../lib/i18n/load-catalogue';

const loadForm = () => withPageAreaMessages(import('./report-form'));
/** The form's code loads when someone means to report, not with every product page. */
const ReportForm = lazy(() => loadForm().then((module) => ({ default: module.ReportForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

/**
 * Report (product-card, and a person's page): a signed-in visitor opens a short form in place; a
 * signed-out one is asked to log in and comes back to the page. Once sent, what the server said
 * stays in its place.
 */
export function Report({ target, panelClassName }: { target: ReportTarget; panelClassName?: string }) {
  const { t } = useI18n();
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string>();
  if (!user) {
    return (
      <Link className="btn btn-outline-secondary" to={loginPathReturningTo(location.pathname)}>
        {t('report.open')}
      </Link>
    );
  }
  if (outcome) {
    return (
      <p className={`report-outcome ${panelClassName ?? ''}`} role="status">
        {outcome}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
      >
        {t('report.open')}
      </button>
      <div id={panelId} className={panelClassName} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">{t('report.loading')}</p>}>
            <ReportForm target={target} onDone={setOutcome} onCancel={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </>
  );
}
