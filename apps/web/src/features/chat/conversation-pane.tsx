import type { Conversation } from '@marketplace/contracts';
import { CHAT_LIMITS } from '@marketplace/contracts/chat-essentials';
import { useId, useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmPanel } from '../../components/confirm-panel';
import { NotFoundPage } from '../../components/not-found-page';
import { apiError, isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { pageLinks, paths } from '../../lib/paths';
import { notify } from '../../lib/toasts/notify';
import { useChangeBlock } from '../../lib/api/blocks';
import { useCatalogueFormat } from '../../lib/format';
import { reportConversation, useArchive, useConversation } from './api/chat';
import { Composer } from './composer';
import { chatDraftFor } from './chat-draft';
import { MessageList } from './message-list';
import { PhotoViewer, type ViewedPhoto } from './photo-viewer';
import { useConversationMessages } from './use-conversation-messages';
import { LoadFailed, Loading } from '../../components/list-states';
/** One conversation: its listing and the other person at the top, the messages by day, the composer. */
export function ConversationPane({ id, myId }: { id: number; myId: number }) {
  const { t } = useI18n();
  const conversation = useConversation(id);
  if (conversation.isError) {
    if (isHttpError(conversation.error, 404)) return <NotFoundPage />;
    return <LoadFailed message={t('chat.conversationFailed')} onRetry={() => void conversation.refetch()} small />;
  }
  if (!conversation.data) {
    return <Loading />;
  }
  return <LoadedConversation conversation={conversation.data} myId={myId} />;
}

function LoadedConversation({ conversation, myId }: { conversation: Conversation; myId: number }) {
  const { t } = useI18n();
  const chat = useConversationMessages(conversation, myId);
  const location = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | undefined>(undefined);
  const atBottom = useRef(true);
  const headingId = useId();
  const [viewing, setViewing] = useState<ViewedPhoto>();
  const count = chat.messages.length + chat.pending.length;

  // Older messages above keep what was on screen where it was; new ones below follow when at the bottom.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (keepFromBottom.current !== undefined) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = undefined;
    } else if (atBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [count, chat.otherTyping]);

  /** A photo that has just drawn itself keeps the newest message in sight when it was. */
  const settled = () => {
    const box = scroller.current;
    if (box && atBottom.current) box.scrollTop = box.scrollHeight;
  };

  const loadOlder = () => {
    const box = scroller.current;
    if (box) keepFromBottom.current = box.scrollHeight - box.scrollTop;
    void chat.loadOlder();
  };

  return (
    <section className="chat-conversation d-flex flex-column" aria-labelledby={headingId}>
      <ConversationHeader conversation={conversation} headingId={headingId} />
      <div
        ref={scroller}
        className="chat-messages flex-grow-1 overflow-auto px-2"
        onScroll={(event) => {
          const box = event.currentTarget;
          atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
          if (box.scrollTop < 40 && chat.hasOlder && !chat.loadingOlder) loadOlder();
        }}
      >
        {chat.status === 'failed' ? (
          <LoadFailed message={t('chat.conversationFailed')} onRetry={chat.reload} small className="m-2" />
        ) : chat.status === 'loading' && chat.messages.length === 0 ? (
          <Loading />
        ) : (
          <>
            {chat.hasOlder && (
              <div className="text-center my-2">
                <button type="button" className="btn btn-sm btn-link" disabled={chat.loadingOlder} onClick={loadOlder}>
                  {t('chat.olderMessages')}
                </button>
              </div>
            )}
            {/* Where every conversation begins: how to meet and pay safely (/safety). */}
            {!chat.hasOlder && (
              <p className="chat-safety small text-center my-2">
                <Link to={paths.safety} className="d-inline-block py-1">
                  {t('safety.tipsLink')}
                </Link>
              </p>
            )}
            {count === 0 && <p className="text-body-secondary text-center my-4">{t('chat.noMessages')}</p>}
            <MessageList
              messages={chat.messages}
              pending={chat.pending}
              myId={myId}
              otherReadId={conversation.other_read_id}
              otherName={conversation.other.name}
              onRetry={chat.retry}
              onOpenPhoto={setViewing}
              onPhotoLoaded={settled}
            />
          </>
        )}
      </div>
      <p className="chat-typing small text-body-secondary px-2 mb-1" aria-live="polite">
        {chat.otherTyping
          ? richText(t, 'chat.typing', {
              name: (
                <bdi dir="auto" data-user-content="">
                  {conversation.other.name}
                </bdi>
              ),
            })
          : ''}
      </p>
      <Composer
        key={conversation.id}
        conversation={conversation}
        onSend={chat.send}
        onSendPhoto={chat.sendPhoto}
        onTyping={chat.typing}
        draft={chatDraftFor(location.state, conversation.id)}
      />
      {viewing && <PhotoViewer photo={viewing} onClose={() => setViewing(undefined)} />}
    </section>
  );
}

function ConversationHeader({ conversation, headingId }: { conversation: Conversation; headingId: string }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const archive = useArchive();
  const [reporting, setReporting] = useState(false);
  const { listing, other } = conversation;
  return (
    <header className="chat-header border-bottom pb-2 mb-2">
      <Link to={paths.messages} className="chat-back d-inline-block mb-2">
        {t('chat.back')}
      </Link>
      <div className="d-flex gap-2 align-items-center">
        {listing.cover ? (
          <img src={listing.cover.thumb} alt="" width={56} height={56} className="rounded object-fit-cover" />
        ) : (
          <span className="chat-cover-placeholder rounded" aria-hidden="true" />
        )}
        <div className="flex-grow-1 min-w-0">
          <h1 id={headingId} className="h5 mb-0 text-truncate" dir="auto" data-user-content="">
            <Link to={pageLinks.seller(other.id)}>{other.name}</Link>
          </h1>
          <Link
            to={pageLinks.listing(listing.id, listing.slug)}
            className="d-block text-truncate small"
            dir="auto"
            data-user-content=""
          >
            {listing.title}
          </Link>
          <span className="small">
            {format.price(listing.price_fils, listing.price_period)}
            {listing.status !== 'active' && (
              <span className="badge text-bg-secondary ms-2">
                {t('myListings.statusBadge', { status: listing.status })}
              </span>
            )}
          </span>
          {conversation.order_id !== null && (
            <Link to={pageLinks.order(conversation.order_id)} className="d-block small">
              {t('chat.seeOrder', { id: conversation.order_id })}
            </Link>
          )}
        </div>
        <div className="d-flex flex-wrap gap-1 justify-content-end">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={archive.isPending}
            onClick={() =>
              archive.mutate(
                { id: conversation.id, archived: !conversation.archived },
                { onSuccess: () => notify.success(t(conversation.archived ? 'chat.unarchived' : 'chat.archived')) },
              )
            }
          >
            {t(conversation.archived ? 'chat.unarchive' : 'chat.archive')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setReporting(true)}>
            {t('chat.report')}
          </button>
        </div>
      </div>
      <BlockNotice conversation={conversation} />
      {reporting && <ReportForm conversationId={conversation.id} onDone={() => setReporting(false)} />}
    </header>
  );
}

/** Who blocked whom, when anyone did; and, for the other person, a way to block them from here. */
function BlockNotice({ conversation }: { conversation: Conversation }) {
  const { t } = useI18n();
  const change = useChangeBlock();
  const [confirming, setConfirming] = useState(false);
  const { other } = conversation;
  if (conversation.block === 'blocked-me') {
    return <p className="alert alert-secondary mt-2 mb-0 py-2">{t('chat.blockedMe')}</p>;
  }
  if (conversation.block === 'i-blocked') {
    return (
      <div className="alert alert-secondary d-flex flex-wrap align-items-center gap-2 mt-2 mb-0 py-2">
        <span className="flex-grow-1">{t('chat.blockedByMe', { name: other.name })}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ user: other, block: false })}
        >
          {t('block.unblock')}
        </button>
      </div>
    );
  }
  if (confirming) {
    return (
      <ConfirmPanel
        title={t('block.confirmTitle', { name: other.name })}
        text={t('chat.blockText')}
        confirmLabel={t('block.confirm')}
        cancelLabel={t('block.cancel')}
        busy={change.isPending}
        onConfirm={() => change.mutate({ user: other, block: true }, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return (
    <button type="button" className="btn btn-sm btn-link link-danger px-0" onClick={() => setConfirming(true)}>
      {t('block.block', { name: other.name })}
    </button>
  );
}

function ReportForm({ conversationId, onDone }: { conversationId: number; onDone: () => void }) {
  const { t, text } = useI18n();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await reportConversation(conversationId, reason);
      notify.success(t('chat.reported'));
      onDone();
    } catch (failure) {
      const refused = apiError(failure);
      setError(
        refused && refused.status < 500
          ? text(refused.body.errors?.reason?.[0] ?? refused.body.message)
          : t('shell.serverUnreachable'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="border rounded p-2 mt-2" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="fw-semibold mb-1">
        {t('chat.reportTitle')}
      </p>
      <p className="small mb-2">{t('chat.reportText')}</p>
      <label htmlFor={`${id}-reason`} className="form-label">
        {t('chat.reportReason')}
      </label>
      <textarea
        id={`${id}-reason`}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={CHAT_LIMITS.reportReasonLength}
        value={reason}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
          {t('chat.reportSend')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>
          {t('block.cancel')}
        </button>
      </div>
    </form>
  );
}
