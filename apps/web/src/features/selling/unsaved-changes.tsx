import { useEffect, useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';

interface UnsavedChangesGuardProps {
  /** Whether anything typed is not saved yet; read at the moment the user leaves. */
  hasUnsaved: () => boolean;
  /** Saves; resolves true when everything is saved (false leaves the user on the page, errors shown). */
  save: () => Promise<boolean>;
}

/**
 * Keeps a seller from losing edits to a live listing, which save on "Save changes" rather than as
 * they are typed: closing or reloading the tab asks the browser's own question, and leaving for
 * another page of the app asks ours (save and leave, leave without saving, or stay). Moving between
 * the wizard's steps stays on the same page and asks nothing.
 */
export function UnsavedChangesGuard({ hasUnsaved, save }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsaved(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  if (blocker.state !== 'blocked') return null;
  return (
    <LeaveDialog
      onSave={async () => {
        if (await save()) blocker.proceed();
        else blocker.reset();
      }}
      onLeave={() => blocker.proceed()}
      onStay={() => blocker.reset()}
    />
  );
}

function LeaveDialog({
  onSave,
  onLeave,
  onStay,
}: {
  onSave: () => Promise<void>;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const stay = useRef<HTMLButtonElement>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => stay.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="unsaved-dialog alert alert-warning shadow position-fixed bottom-0 mb-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onStay();
      }}
    >
      <p id={`${id}-title`} className="fw-semibold mb-1">
        {t('sell.unsaved.title')}
      </p>
      <p id={`${id}-text`} className="mb-2">
        {t('sell.unsaved.text')}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={saving}
          aria-busy={saving}
          onClick={() => {
            setSaving(true);
            void onSave().finally(() => setSaving(false));
          }}
        >
          {t('sell.unsaved.save')}
        </button>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onLeave}>
          {t('sell.unsaved.leave')}
        </button>
        <button ref={stay} type="button" className="btn btn-outline-secondary btn-sm" onClick={onStay}>
          {t('sell.unsaved.stay')}
        </button>
      </div>
    </div>
  );
}
