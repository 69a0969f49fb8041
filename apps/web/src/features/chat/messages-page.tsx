import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import './chat.css';

/**
 * /messages and /messages/:id: the conversations beside the open one; below 600 px they are two
 * screens (the list at /messages, one conversation at its own address with a way back).
 */
export function MessagesPage() {
  const { t } = useI18n();
  const { data: me } = useCurrentUser();
  const param = useParams().id;
  const id = param === undefined ? undefined : Number(param);
  if (id !== undefined && !(Number.isSafeInteger(id) && id > 0)) return <NotFoundPage />;
  if (!me) return null;
  return (
    <div className="chat-layout" data-open={id === undefined ? 'list' : 'conversation'}>
      <div className="chat-list-pane">
        {id === undefined ? (
          <h1 className="h3 mb-3">{t('chat.title')}</h1>
        ) : (
          <h2 className="h5 mb-3">{t('chat.title')}</h2>
        )}
        <ConversationList activeId={id} />
      </div>
      <div className="chat-conversation-pane">
        {id === undefined ? (
          <p className="text-body-secondary text-center my-5">{t('chat.choose')}</p>
        ) : (
          <ConversationPane key={id} id={id} myId={me.id} />
        )}
      </div>
    </div>
  );
}
