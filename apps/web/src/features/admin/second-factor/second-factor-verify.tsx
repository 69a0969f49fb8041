import { usePageTitle } from '../../../hooks/use-page-title';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useSecondFactorVerify } from '../api/staff-session';
import { CodeForm } from './code-form';

/** Every 12 hours, and on a new session: the code the app shows now, or one recovery code. */
export function SecondFactorVerify() {
  const { t } = useI18n();
  usePageTitle(t('admin.secondFactor.verifyTitle'));
  const verify = useSecondFactorVerify();

  return (
    <section className="staff-second-factor card shadow-sm mx-auto my-4">
      <div className="card-body p-4">
        <h1 className="h3">{t('admin.secondFactor.verifyTitle')}</h1>
        <p>{t('admin.secondFactor.verifyIntro')}</p>
        <CodeForm send={verify} label={t('admin.secondFactor.code')} submitLabel={t('admin.secondFactor.verify')} />
      </div>
    </section>
  );
}
