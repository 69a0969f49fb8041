import type { Conversation, ConversationFilter } from '@marketplace/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCatalogueFormat } from '../../lib/format';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks } from '../../lib/paths';
import { conversationQuery, useConversations } from './api/chat';
import { LoadFailed, Loading } from '../../components/list-states';

const FILTERS: readonly (ConversationFilter | undefined)[] = [undefined, 'unread', 'archived'];

export const filterOf = (value: string | null): ConversationFilter | undefined =>
  value === 'unread' || value === 'archived' ? value : undefined;

/** My conversations, newest message first: All, Unread or Archived; the open one marked. */
export function ConversationList({ activeId }: { activeId: number | undefined }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const list = useConversations(filter);
  // The open conversation, shared with its pane's query: one just started from "Message seller" has
  // no message yet, so the server's list (newest message first) does not hold it; it shows on top.
  const open = useQuery({ ...conversationQuery(activeId ?? 0), enabled: activeId !== undefined });
  const listed = list.data?.pages.flatMap((page) => page.data) ?? [];
  const started = open.data && !open.data.last_message && filter === undefined ? open.data : undefined;
  const conversations = started && !listed.some((each) => each.id === started.id) ? [started, ...listed] : listed;

  return (
    <div className="chat-list">
      <div className="btn-group btn-group-sm mb-2 w-100" role="group" aria-label={t('chat.filters')}>
        {FILTERS.map((choice) => (
          <button
            key={choice ?? 'all'}
            type="button"
            className={`btn ${choice === filter ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={choice === filter}
            onClick={() => setParams(choice ? { filter: choice } : {})}
          >
            {t('chat.filter', { filter: choice ?? 'all' })}
          </button>
        ))}
      </div>
      {list.isError ? (
        <LoadFailed message={t('chat.loadFailed')} onRetry={() => void list.refetch()} small />
      ) : list.isPending ? (
        <Loading />
      ) : conversations.length === 0 ? (
        <p className="text-body-secondary py-4 text-center">{t('chat.empty', { filter: filter ?? 'all' })}</p>
      ) : (
        <>
          <ul className="list-group" aria-label={t('chat.title')}>
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                search={filter ? `?filter=${filter}` : ''}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-link w-100"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('chat.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function ConversationRow({
  conversation,
  active,
  search,
}: {
  conversation: Conversation;
  active: boolean;
  search: string;
}) {
  const { t, text } = useI18n();
  const format = useCatalogueFormat();
  const { data: me } = useCurrentUser();
  const last = conversation.last_message;
  const preview = !last
    ? ''
    : last.kind === 'system'
      ? text(last.body)
      : last.kind === 'photo'
        ? t('chat.photo')
        : last.body;
  return (
    <li className={`list-group-item p-0${active ? ' active-conversation' : ''}`}>
      <Link
        to={`${pageLinks.conversation(conversation.id)}${search}`}
        className="d-flex gap-2 p-2 text-reset text-decoration-none"
        aria-current={active ? 'page' : undefined}
      >
        {conversation.listing.cover ? (
          <img
            src={conversation.listing.cover.thumb}
            alt=""
            width={48}
            height={48}
            className="rounded object-fit-cover flex-shrink-0"
            loading="lazy"
          />
        ) : (
          <span className="chat-cover-placeholder rounded flex-shrink-0" aria-hidden="true" />
        )}
        <span className="flex-grow-1 min-w-0">
          <span className="d-flex justify-content-between gap-2">
            <span className="fw-semibold text-truncate" dir="auto" data-user-content="">
              {conversation.other.name}
            </span>
            {last && <small className="text-body-secondary flex-shrink-0">{format.age(last.created_at)}</small>}
          </span>
          <span className="d-block small text-truncate" dir="auto" data-user-content="">
            {conversation.listing.title}
          </span>
          <span className="d-flex justify-content-between gap-2">
            <span className="small text-body-secondary text-truncate" dir="auto" data-user-content="">
              {last && last.sender_id === me?.id ? t('chat.you', { text: preview }) : preview}
            </span>
            {conversation.unread_count > 0 && (
              <span className="badge rounded-pill text-bg-primary flex-shrink-0">
                <span aria-hidden="true">{conversation.unread_count}</span>
                <span className="visually-hidden">{t('chat.unread', { count: conversation.unread_count })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
