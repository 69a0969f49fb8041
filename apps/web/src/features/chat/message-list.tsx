import type { ChatMessage, ChatPhoto } from '@marketplace/contracts';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCatalogueFormat } from '../../lib/format';
import { MessageText } from './message-text';
import type { ViewedPhoto } from './photo-viewer';
import type { PendingMessage } from './use-conversation-messages';

type Shown = { kind: 'stored'; message: ChatMessage } | { kind: 'pending'; message: PendingMessage };

/** The messages by day, mine at the end side with their state: sending, sent, read, or not sent. */
export function MessageList({
  messages,
  pending,
  myId,
  otherReadId,
  otherName,
  onRetry,
  onOpenPhoto,
  onPhotoLoaded,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  myId: number;
  otherReadId: number;
  otherName: string;
  onRetry: (clientId: string) => void;
  onOpenPhoto: (photo: ViewedPhoto) => void;
  onPhotoLoaded: () => void;
}) {
  const { t, text } = useI18n();
  const format = useCatalogueFormat();
  const shown: Shown[] = [
    ...messages.map((message): Shown => ({ kind: 'stored', message })),
    ...pending.map((message): Shown => ({ kind: 'pending', message })),
  ];
  const days = new Map<string, Shown[]>();
  for (const item of shown) {
    const day = format.date(item.message.created_at);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(document.documentElement.lang || undefined, {
      hour: '2-digit',
      minute: '2-digit',
    });
  return (
    <ol className="list-unstyled mb-0" aria-label={t('chat.messages')}>
      {[...days.entries()].map(([day, items]) => (
        <li key={day}>
          <h2 className="chat-day small text-body-secondary text-center my-2">{day}</h2>
          <ol className="list-unstyled">
            {items.map((item) => {
              if (item.kind === 'stored' && item.message.kind === 'system') {
                return (
                  <li key={item.message.id} className="chat-system small text-center text-body-secondary my-2">
                    {text(item.message.body)}
                  </li>
                );
              }
              const mine = item.kind === 'pending' || item.message.sender_id === myId;
              let state: string | undefined;
              if (item.kind === 'pending')
                state = item.message.status === 'sending' ? t('chat.sending') : t('chat.notSent');
              else if (mine) state = item.message.id <= otherReadId ? t('chat.read') : t('chat.sent');
              const key = item.kind === 'pending' ? item.message.client_id : item.message.id;
              return (
                <li
                  key={key}
                  className={`chat-bubble-row d-flex my-1 ${mine ? 'justify-content-end' : 'justify-content-start'}`}
                >
                  <div className={`chat-bubble ${mine ? 'chat-bubble-mine' : 'chat-bubble-theirs'}`}>
                    {item.kind === 'pending' && item.message.photo ? (
                      <SendingPhoto
                        photo={item.message.photo}
                        sending={item.message.status === 'sending'}
                        onLoad={onPhotoLoaded}
                      />
                    ) : item.kind === 'stored' && item.message.photo ? (
                      <StoredPhoto
                        photo={item.message.photo}
                        alt={mine ? t('chat.myPhoto') : t('chat.photoFrom', { name: otherName })}
                        onOpen={onOpenPhoto}
                      />
                    ) : (
                      <p className="chat-text mb-1" dir="auto" data-user-content="">
                        <MessageText text={item.message.body} />
                      </p>
                    )}
                    <p className="small mb-0 chat-meta">
                      <time dateTime={item.message.created_at}>{time(item.message.created_at)}</time>
                      {state && <span className="ms-2">{state}</span>}
                    </p>
                    {item.kind === 'pending' && item.message.status === 'failed' && (
                      <p className="small mb-0">
                        {item.message.error && <span className="d-block">{text(item.message.error)}</span>}
                        <button
                          type="button"
                          className="btn btn-link btn-sm p-0"
                          onClick={() => onRetry(item.message.client_id)}
                        >
                          {t('chat.retry')}
                        </button>
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/** A sent photo in its bubble, its space kept by its size and blurred copy; a click shows it full size. */
function StoredPhoto({ photo, alt, onOpen }: { photo: ChatPhoto; alt: string; onOpen: (photo: ViewedPhoto) => void }) {
  return (
    <button
      type="button"
      className="chat-photo mb-1"
      aria-haspopup="dialog"
      onClick={() => onOpen({ src: photo.full, width: photo.width, height: photo.height, alt })}
    >
      <img
        src={photo.card}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading="lazy"
        style={{ backgroundImage: `url("${photo.placeholder}")` }}
      />
    </button>
  );
}

/** A photo on its way, shown from the file itself, with how much of it has gone. */
function SendingPhoto({
  photo,
  sending,
  onLoad,
}: {
  photo: NonNullable<PendingMessage['photo']>;
  sending: boolean;
  onLoad: () => void;
}) {
  const { t } = useI18n();
  const percent = Math.round(photo.progress * 100);
  return (
    <div className="chat-photo mb-1">
      <img src={photo.preview} alt={t('chat.myPhoto')} onLoad={onLoad} />
      {sending && (
        <div
          className="progress chat-photo-progress"
          role="progressbar"
          aria-label={t('chat.uploadingPhoto')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
