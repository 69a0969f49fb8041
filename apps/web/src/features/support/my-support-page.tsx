import { SUPPORT_STATE_NAMES, SUPPORT_TOPIC_NAMES } from '@marketplace/contracts/support-essentials';
import { Link, useParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/list-states';
import { NotFoundPage } from '../../components/not-found-page';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCatalogueFormat } from '../../lib/format';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks, paths } from '../../lib/paths';
import { useLiveTicket, useMyTickets, useTicket } from './support-api';
import { TicketThread } from './ticket-thread';
import './support.css';

/** /account/support: the user's requests to the team, newest first, each with its state. */
export function MySupportPage() {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const tickets = useMyTickets();
  return (
    <div className="support-page mx-auto">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('support.myTickets')}</h1>
        <Link to={paths.support} className="btn btn-primary">
          {t('support.newTicket')}
        </Link>
      </div>
      {tickets.isPending && <Loading />}
      {tickets.isError && <LoadFailed message={t('support.loadFailed')} onRetry={() => void tickets.refetch()} />}
      {tickets.data?.length === 0 && <p className="text-body-secondary">{t('support.noTickets')}</p>}
      {tickets.data && tickets.data.length > 0 && (
        <ul className="list-group">
          {tickets.data.map((ticket) => (
            <li key={ticket.id} className="list-group-item">
              <Link to={pageLinks.supportTicket(ticket.id)} className="fw-semibold">
                {t('support.openTicket', { id: ticket.id, subject: ticket.subject })}
              </Link>
              <div className="small text-body-secondary">
                {t(SUPPORT_TOPIC_NAMES[ticket.topic])} · {t(SUPPORT_STATE_NAMES[ticket.state])} ·{' '}
                <time dateTime={ticket.updated_at}>{format.dateTime(ticket.updated_at)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /support/t/:token: a visitor's ticket by the link e-mailed to them; any other link opens nothing. */
export function VisitorTicketPage() {
  const token = useParams().token ?? '';
  const { t } = useI18n();
  const ticket = useTicket({ token });
  if (ticket.isError && isHttpError(ticket.error, 404)) return <NotFoundPage />;
  if (ticket.data) return <TicketThread ticket={ticket.data} access={{ token }} />;
  if (ticket.isError) return <p role="alert">{t('support.loadFailed')}</p>;
  return <Loading />;
}

/** /account/support/:id: one request and its thread, kept live while open; another's is not found. */
export function SupportTicketPage() {
  const id = Number(useParams().id);
  const { t } = useI18n();
  const { data: user } = useCurrentUser();
  const ticket = useTicket({ id });
  useLiveTicket(user?.id, id);
  if (ticket.isError && isHttpError(ticket.error, 404)) return <NotFoundPage />;
  if (ticket.data) return <TicketThread ticket={ticket.data} access={{ id }} />;
  if (ticket.isError) return <p role="alert">{t('support.loadFailed')}</p>;
  return <Loading />;
}
