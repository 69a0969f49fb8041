import {
  NOTIFICATION_CATEGORY_LABELS,
  notificationChannels,
  type NotificationChannel,
} from '@marketplace/contracts/notifications-essentials';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { useChangeNotificationSetting, useNotificationSettings } from './api/notification-settings';
import './notifications.css';
import { LoadFailed, Loading } from '../../components/list-states';

const COLUMNS: Record<NotificationChannel, 'notifications.column.inApp' | 'notifications.column.email'> = {
  in_app: 'notifications.column.inApp',
  email: 'notifications.column.email',
};

/** The server's reason for a refused save: the switch's own message when it names one. */
function refusal(error: unknown): string | undefined {
  const failure = apiError(error);
  if (!failure) return undefined;
  return Object.values(failure.body.errors ?? {})[0]?.[0] ?? failure.body.message;
}

/**
 * /account/notifications: a switch per category and channel, each saved as it is flipped. Account
 * e-mails stay on (the switch is shown on and disabled, with why); news starts off (the server's
 * defaults decide).
 */
export function NotificationSettingsPage() {
  const { t, text } = useI18n();
  const { data: user } = useCurrentUser();
  const settings = useNotificationSettings();
  const change = useChangeNotificationSetting();
  const lockedNoteId = useId();

  return (
    <div className="notification-settings-page mx-auto">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('notifications.settings')}</h1>
        <Link to={paths.notifications}>{t('notifications.seeAll')}</Link>
      </div>
      <p className="mb-1">{t('notifications.settingsIntro')}</p>
      {user && (
        <p className="text-body-secondary text-break">{t('notifications.settingsEmailTo', { email: user.email })}</p>
      )}
      {settings.isError ? (
        <LoadFailed message={t('notifications.settingsLoadFailed')} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Loading />
      ) : (
        <>
          <table className="table align-middle notification-settings-table">
            <caption className="visually-hidden">{t('notifications.settingsTable')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('notifications.column.category')}</th>
                {notificationChannels.map((channel) => (
                  <th key={channel} scope="col" className="text-center">
                    {t(COLUMNS[channel])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {settings.data.map((row) => {
                const category = t(NOTIFICATION_CATEGORY_LABELS[row.category]);
                return (
                  <tr key={row.category}>
                    <th scope="row" className="fw-normal">
                      {category}
                      {row.email_locked && (
                        <span id={lockedNoteId} className="d-block small text-body-secondary">
                          {t('notifications.accountEmailRequired')}
                        </span>
                      )}
                    </th>
                    {notificationChannels.map((channel) => {
                      const locked = channel === 'email' && row.email_locked;
                      return (
                        <td key={channel} className="text-center">
                          <div className="form-switch notification-switch">
                            <input
                              className="form-check-input"
                              type="checkbox"
                              role="switch"
                              checked={row[channel]}
                              disabled={locked}
                              aria-label={t('notifications.switchLabel', { channel, category })}
                              aria-describedby={locked ? lockedNoteId : undefined}
                              onChange={(event) =>
                                change.mutate({ category: row.category, channel, enabled: event.target.checked })
                              }
                            />
                          </div>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="notification-settings-status" role="status">
            {change.isPending ? t('notifications.saving') : change.isSuccess ? t('notifications.saved') : ''}
          </p>
          {change.isError && (
            <div className="alert alert-danger" role="alert">
              {t('notifications.saveFailed', {
                reason: text(refusal(change.error) ?? t('shell.serverUnreachable')),
              })}
            </div>
          )}
        </>
      )}
    </div>
  );
}
