import { useEffect, useId, useRef } from 'react';

/**
 * "Are you sure?" in place, for a step that is hard to undo (deleting a listing, blocking someone):
 * a title, what will happen, the step's button and Cancel. Focus starts on Cancel, and Escape
 * cancels, so a stray Enter does nothing it should not.
 */
export function ConfirmPanel({
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="alert alert-danger mt-3 mb-0"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id={`${id}-title`} className="fw-semibold mb-1">
        {title}
      </p>
      <p id={`${id}-text`} className="mb-2">
        {text}
      </p>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancel} type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
