import { useEffect } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useCities } from '../../../lib/api/get-cities';
import { useProfile } from '../../../lib/api/get-profile';
import { useTimezones } from '../api/get-timezones';
import { ProfileForm } from './profile-form';
import './profile-page.css';

/**
 * The profile screen (specification §2): cities, profile and time zones load in parallel; the form appears only
 * once all three have, so Save can never write an empty form over real data.
 */
export function ProfilePage() {
  const { t } = useI18n();
  const profile = useProfile();
  const cities = useCities();
  const timezones = useTimezones();
  const failed = [profile, cities, timezones].filter((query) => query.isError);

  useEffect(() => {
    for (const query of failed) console.error('Loading the profile screen failed:', query.error);
  }, [failed.length]); // eslint-disable-line react-hooks/exhaustive-deps -- log each failure once

  return (
    <div className="profile-page mx-auto">
      <h1 className="h3 mb-3">{t('profile.title')}</h1>
      {failed.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{t('profile.loadFailed')}</p>
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => failed.forEach((query) => void query.refetch())}
          >
            {t('routeError.tryAgain')}
          </button>
        </div>
      ) : profile.data && cities.data && timezones.data ? (
        <ProfileForm profile={profile.data} cities={cities.data} timezones={timezones.data} />
      ) : (
        <div className="d-flex align-items-center gap-2 py-4" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('profile.loading')}
        </div>
      )}
    </div>
  );
}
