import { Link } from 'react-router';
import { useUnreadMessages } from '../features/chat/api/unread-messages';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { badgeText, UnreadAnnouncer } from './notification-bell';

/** A speech bubble, drawn in the text's colour. */
function ChatIcon() {
  return (
    <svg className="bell-icon" viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M2.68 11.9a1 1 0 0 1 .28.82 11 11 0 0 1-.4 2c1.4-.33 2.25-.7 2.64-.9a1 1 0 0 1 .71-.07A8 8 0 0 0 8 14c4 0 7-2.8 7-6s-3-6-7-6-7 2.8-7 6c0 1.46.61 2.82 1.68 3.9M2.15 15.98l-.44.07c-.39.06-.69-.34-.53-.7l.14-.35c.3-.7.57-1.63.65-2.49C.74 11.3 0 9.7 0 8c0-3.87 3.58-7 8-7s8 3.13 8 7-3.58 7-8 7a9 9 0 0 1-2.35-.3c-.53.27-1.7.77-3.5 1.09"
      />
    </svg>
  );
}

/** The header's way to /messages (wide screens): its name and badge say how many messages are unread, kept live. */
export function MessagesLink() {
  const { t } = useI18n();
  const { data } = useUnreadMessages(true);
  const count = data ?? 0;
  return (
    <>
      <Link to={paths.messages} className="btn notification-bell-button" aria-label={t('chat.link', { count })}>
        <ChatIcon />
        {count > 0 && (
          <span className="badge rounded-pill text-bg-danger notification-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
      </Link>
      <UnreadAnnouncer count={data} label="messages" />
    </>
  );
}
