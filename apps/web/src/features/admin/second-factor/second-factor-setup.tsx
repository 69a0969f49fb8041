import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '../../../hooks/use-page-title';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { staffSessionQueryKey, useSecondFactorConfirm, useSecondFactorSetup } from '../api/staff-session';
import { CodeForm } from './code-form';

/**
 * The first visit to the back-office: a QR code for any authenticator app (and its key, to type in),
 * then the app's first code, then the ten recovery codes, shown once.
 */
export function SecondFactorSetup() {
  const { t, text } = useI18n();
  usePageTitle(t('admin.secondFactor.setupTitle'));
  const setup = useSecondFactorSetup();
  const confirm = useSecondFactorConfirm();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const keyId = useId();
  const { mutate: begin } = setup;

  useEffect(() => begin(), [begin]);

  const codes = confirm.data?.recovery_codes;
  if (codes) {
    return (
      <section className="staff-second-factor card shadow-sm mx-auto my-4">
        <div className="card-body p-4">
          <h1 className="h3">{t('admin.secondFactor.codesTitle')}</h1>
          <p>{t('admin.secondFactor.codesIntro')}</p>
          <ol className="staff-recovery-codes" dir="ltr" aria-label={t('admin.secondFactor.codesTitle')}>
            {codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ol>
          <div className="form-check my-3">
            <input
              id={`${keyId}-saved`}
              className="form-check-input"
              type="checkbox"
              checked={saved}
              onChange={(event) => setSaved(event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${keyId}-saved`}>
              {t('admin.secondFactor.codesSaved')}
            </label>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!saved}
            onClick={() => void queryClient.invalidateQueries({ queryKey: staffSessionQueryKey })}
          >
            {t('admin.secondFactor.continue')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="staff-second-factor card shadow-sm mx-auto my-4">
      <div className="card-body p-4">
        <h1 className="h3">{t('admin.secondFactor.setupTitle')}</h1>
        <p>{t('admin.secondFactor.setupIntro')}</p>
        {setup.isError ? (
          <div className="alert alert-danger" role="alert">
            {text(apiError(setup.error)?.body.message ?? t('shell.serverUnreachable'))}
          </div>
        ) : setup.data ? (
          <>
            <img
              className="staff-qr d-block mx-auto my-3"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qr_svg)}`}
              alt={t('admin.secondFactor.qrAlt')}
              width={200}
              height={200}
            />
            <p className="small mb-1" id={keyId}>
              {t('admin.secondFactor.typeKey')}
            </p>
            <p className="staff-secret" dir="ltr" aria-describedby={keyId}>
              <code>{setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
          </>
        ) : (
          <p role="status">{t('shell.loading')}</p>
        )}
        <CodeForm
          send={confirm}
          label={t('admin.secondFactor.firstCode')}
          submitLabel={t('admin.secondFactor.confirm')}
        />
      </div>
    </section>
  );
}
