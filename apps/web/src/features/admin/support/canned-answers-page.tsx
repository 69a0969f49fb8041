import type { CannedAnswer, CannedAnswerInput } from '@marketplace/contracts/support';
import { CANNED_LIMITS } from '@marketplace/contracts/support';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useStaffMay } from '../api/staff-session';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { useCannedAnswers, useCannedChange } from './support-desk-api';

const EMPTY: CannedAnswerInput = { title_en: '', title_ar: '', body_en: '', body_ar: '' };
const FIELDS: readonly { name: keyof CannedAnswerInput; label: MessageKey; multiline: boolean; dir: 'ltr' | 'rtl' }[] =
  [
    { name: 'title_en', label: 'admin.support.field.titleEn', multiline: false, dir: 'ltr' },
    { name: 'body_en', label: 'admin.support.field.bodyEn', multiline: true, dir: 'ltr' },
    { name: 'title_ar', label: 'admin.support.field.titleAr', multiline: false, dir: 'rtl' },
    { name: 'body_ar', label: 'admin.support.field.bodyAr', multiline: true, dir: 'rtl' },
  ];

/** /admin/support/canned (issue 30): the desk's saved replies, each in English and Arabic. */
export function CannedAnswersPage() {
  const { t } = useI18n();
  usePageTitle(`${t('admin.support.canned')} · ${t('admin.support.title')}`);
  const answers = useCannedAnswers();
  const mayEdit = useStaffMay('support.canned');
  const [editing, setEditing] = useState<CannedAnswer | 'new' | null>(null);
  const [said, setSaid] = useState<string>();
  return (
    <section aria-labelledby="canned-title">
      <p className="mb-2">
        <Link to={staffPaths.support}>{t('admin.support.back')}</Link>
      </p>
      <h1 id="canned-title" className="h3">
        {t('admin.support.canned')}
      </h1>
      <p className="text-body-secondary">{t('admin.support.cannedIntro')}</p>
      <div role="status">{said && <div className="alert alert-success">{said}</div>}</div>
      {answers.isError && <LoadFailed message={t('support.loadFailed')} onRetry={() => void answers.refetch()} />}
      {answers.isPending && <Loading />}
      {answers.data?.length === 0 && <p>{t('admin.support.cannedNone')}</p>}
      {answers.data && answers.data.length > 0 && (
        <ul className="list-group mb-3">
          {answers.data.map((answer) => (
            <li key={answer.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
              <span>
                <UserText>{answer.title_en}</UserText> · <UserText>{answer.title_ar}</UserText>
              </span>
              {mayEdit && (
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setEditing(answer)}>
                  {t('admin.support.cannedEdit')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayEdit && editing === null && (
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('admin.support.cannedAdd')}
        </button>
      )}
      {mayEdit && editing !== null && (
        <CannedForm
          key={editing === 'new' ? 'new' : editing.id}
          answer={editing === 'new' ? null : editing}
          onDone={(words) => {
            setEditing(null);
            setSaid(words);
          }}
        />
      )}
    </section>
  );
}

function CannedForm({ answer, onDone }: { answer: CannedAnswer | null; onDone: (said: string) => void }) {
  const { t, text } = useI18n();
  const ids = useId();
  const change = useCannedChange();
  const [values, setValues] = useState<CannedAnswerInput>(answer ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CannedAnswerInput | 'form', string>>>({});
  const failed = (failure: unknown) => {
    const api = apiError(failure);
    if (!api) return setErrors({ form: t('shell.serverUnreachable') });
    const found: Partial<Record<keyof CannedAnswerInput | 'form', string>> = {};
    for (const field of FIELDS) {
      const first = api.body.errors?.[field.name]?.[0];
      if (first) found[field.name] = text(first);
    }
    setErrors(Object.keys(found).length ? found : { form: text(api.body.message) });
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    change.mutate(
      { ...(answer ? { id: answer.id } : {}), input: values },
      { onSuccess: () => onDone(t('admin.support.cannedSaved')), onError: failed },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="card card-body">
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      )}
      {FIELDS.map((field) => {
        const id = `${ids}-${field.name}`;
        const error = errors[field.name];
        const props = {
          id,
          dir: field.dir,
          className: `form-control${error ? ' is-invalid' : ''}`,
          value: values[field.name] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          maxLength: field.multiline ? CANNED_LIMITS.bodyMax : CANNED_LIMITS.titleMax,
          onChange: (event: { target: { value: string } }) =>
            setValues((current) => ({ ...current, [field.name]: event.target.value })),
        };
        return (
          <div key={field.name} className="mb-3">
            <label htmlFor={id} className="form-label">
              {t(field.label)}
            </label>
            {field.multiline ? <textarea rows={4} {...props} /> : <input {...props} />}
            {error && (
              <div id={`${id}-error`} className="invalid-feedback">
                {error}
              </div>
            )}
          </div>
        );
      })}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t('admin.support.cannedSave')}
        </button>
        {answer && (
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { id: answer.id, remove: true },
                { onSuccess: () => onDone(t('admin.support.cannedDeleted')), onError: failed },
              )
            }
          >
            {t('admin.support.cannedDelete')}
          </button>
        )}
        <button type="button" className="btn btn-link" onClick={() => onDone('')}>
          {t('admin.support.cancel')}
        </button>
      </div>
    </form>
  );
}
