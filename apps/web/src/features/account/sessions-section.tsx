import type { AccountSession, DeviceKind } from '@marketplace/contracts';
import { useId } from 'react';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { notify } from '../../lib/toasts/notify';
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from './api/sessions';
import { LoadFailed } from '../../components/list-states';

const DEVICES: Record<DeviceKind, `account.device.${DeviceKind}`> = {
  computer: 'account.device.computer',
  phone: 'account.device.phone',
  tablet: 'account.device.tablet',
  unknown: 'account.device.unknown',
};

/** Sessions on other devices: each with its device and browser, when it was last used, and "Sign out". */
export function SessionsSection() {
  const { t, text } = useI18n();
  const headingId = useId();
  const sessions = useAccountSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const failed = (error: unknown) => {
    const reason = apiError(error)?.body.message;
    notify.error(t('account.signOutFailed', { reason: text(reason ?? t('shell.serverUnreachable')) }));
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h2 id={headingId} className="h5">
          {t('account.sessionsTitle')}
        </h2>
        {others.length > 0 && (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: (count) => notify.success(t('account.othersSignedOut', { count })),
                onError: failed,
              })
            }
          >
            {t('account.signOutOthers')}
          </button>
        )}
      </div>
      <p className="text-body-secondary">{t('account.sessionsIntro')}</p>
      {sessions.isError ? (
        <LoadFailed message={t('account.sessionsLoadFailed')} onRetry={() => void sessions.refetch()} />
      ) : sessions.isPending ? (
        <div className="d-flex align-items-center gap-2 py-3" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('account.sessionsLoading')}
        </div>
      ) : (
        <>
          <ul className="list-group mb-3">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={signOutOne.isPending && signOutOne.variables === session.id}
                onSignOut={() =>
                  signOutOne.mutate(session.id, {
                    onSuccess: () => notify.success(t('account.sessionSignedOut')),
                    onError: failed,
                  })
                }
              />
            ))}
          </ul>
          {others.length === 0 && <p>{t('account.onlyThisDevice')}</p>}
        </>
      )}
    </section>
  );
}

function SessionRow({
  session,
  pending,
  onSignOut,
}: {
  session: AccountSession;
  pending: boolean;
  onSignOut: () => void;
}) {
  const { t } = useI18n();
  const describedBy = useId();
  const product = [session.browser, session.os].filter(Boolean).join(' · ');
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2 account-session">
      <div id={describedBy}>
        <div className="fw-semibold">
          {t(DEVICES[session.device])}
          {session.current && <span className="badge text-bg-success ms-2">{t('account.thisDevice')}</span>}
        </div>
        {/* Product names are written as their makers write them, in any language. */}
        <div>{product ? <bdi lang="en">{product}</bdi> : t('account.unknownBrowser')}</div>
        <div className="small text-body-secondary">
          {t('account.lastActive', { at: Date.parse(session.last_active_at) })}
        </div>
      </div>
      {!session.current && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-describedby={describedBy}
          disabled={pending}
          onClick={onSignOut}
        >
          {t('account.signOutSession')}
        </button>
      )}
    </li>
  );
}
