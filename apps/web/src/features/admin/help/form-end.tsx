import { useI18n } from '../../../lib/i18n/i18n-store';

/** The end of a help editor's form: what the server refused, Save, and Cancel where the form can close. */
export function FormEnd({
  pending,
  error,
  onCancel,
}: {
  pending: boolean;
  error?: string | undefined;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('admin.help.save')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('admin.help.cancel')}
          </button>
        )}
      </div>
    </>
  );
}
