import type { Conversation } from '@marketplace/contracts';
import { CHAT_LIMITS } from '@marketplace/contracts/chat-essentials';
import { PHOTO_UPLOAD } from '@marketplace/contracts/photo-upload';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';

/**
 * Enter sends, Shift+Enter starts a new line; refused while a block stands. `draft` fills it the
 * first time (a viewing request from a rent's page, issue 32): the buyer reads it and sends it.
 */
export function Composer({
  conversation,
  onSend,
  onSendPhoto,
  onTyping,
  draft = '',
}: {
  conversation: Conversation;
  onSend: (body: string) => void;
  onSendPhoto: (file: File) => 'notAnImage' | 'tooLarge' | undefined;
  onTyping: () => void;
  draft?: string | undefined;
}) {
  const { t } = useI18n();
  const id = useId();
  const [body, setBody] = useState(draft);
  const [photoRefused, setPhotoRefused] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const sendPhotos = (files: readonly File[]) => {
    setPhotoRefused(undefined);
    const field = t('chat.field.photo');
    for (const file of files) {
      const refusal = onSendPhoto(file);
      if (refusal === 'notAnImage') setPhotoRefused(t('rule.image', { field }));
      if (refusal === 'tooLarge') setPhotoRefused(t('rule.size', { field, size: PHOTO_UPLOAD.maxBytes / 1024 }));
    }
  };
  const blocked = conversation.block !== null;
  const trimmed = body.trim();
  const tooLong = Array.from(trimmed).length > CHAT_LIMITS.messageLength;
  const send = () => {
    if (!trimmed || tooLong || blocked) return;
    onSend(trimmed);
    setBody('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      className="chat-composer d-flex gap-2 align-items-end border-top pt-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex-grow-1">
        <label htmlFor={`${id}-body`} className="visually-hidden">
          {t('chat.composer')}
        </label>
        <textarea
          id={`${id}-body`}
          className={`form-control${tooLong ? ' is-invalid' : ''}`}
          rows={2}
          value={body}
          disabled={blocked}
          placeholder={t('chat.composer')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setBody(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            // A photo pasted into the message is sent as one.
            const files = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
            if (files.length === 0 || blocked) return;
            event.preventDefault();
            sendPhotos(files);
          }}
        />
        {photoRefused ? (
          <p id={`${id}-hint`} className="small mb-0 text-danger" role="alert">
            {photoRefused}
          </p>
        ) : (
          <p id={`${id}-hint`} className={`small mb-0 ${tooLong ? 'text-danger' : 'text-body-secondary'}`}>
            {tooLong ? t('chat.tooLong', { max: CHAT_LIMITS.messageLength }) : t('chat.composerHint')}
          </p>
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={PHOTO_UPLOAD.types.join(',')}
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="chat-photo-input"
        onChange={(event) => {
          sendPhotos(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="btn btn-outline-secondary mb-4"
        disabled={blocked}
        title={t('chat.sendPhoto')}
        onClick={() => fileInput.current?.click()}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
        <span className="visually-hidden">{t('chat.sendPhoto')}</span>
      </button>
      <button type="submit" className="btn btn-primary mb-4" disabled={blocked || !trimmed || tooLong}>
        {t('chat.send')}
      </button>
    </form>
  );
}
