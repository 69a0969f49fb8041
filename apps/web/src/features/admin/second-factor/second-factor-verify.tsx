import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useSecondFactorVerify } from '../api/staff-session';
import { CodeField } from './code-field';

/** Every 12 hours, and on a new session: the code the app shows now, or one recovery code. */
export function SecondFactorVerify() {
  const { t } = useI18n();
  usePageTitle(t('admin.secondFactor.verifyTitle'));
  const verify = useSecondFactorVerify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    verify.mutate(code, {
      onError: (failure) => {
        const body = apiError(failure)?.body;
        setError(body?.errors?.code?.[0] ?? body?.message ?? t('shell.serverUnreachable'));
      },
    });
  };

  return (
    <section className="staff-second-factor card shadow-sm mx-auto my-4">
      <div className="card-body p-4">
        <h1 className="h3">{t('admin.secondFactor.verifyTitle')}</h1>
        <p>{t('admin.secondFactor.verifyIntro')}</p>
        <form onSubmit={submit} noValidate>
          <CodeField value={code} onChange={setCode} error={error} label={t('admin.secondFactor.code')} />
          <SubmitButton pending={verify.isPending}>{t('admin.secondFactor.verify')}</SubmitButton>
        </form>
      </div>
    </section>
  );
}
