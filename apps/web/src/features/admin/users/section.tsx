import type { AdminUser, AdminUserList, AdminUserListPage, AdminUserListRows } from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useId, type ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useUserList } from './api/users';

/** One part of the user page, named by its heading. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const ownId = useId();
  const headingId = id ?? ownId;
  return (
    <section className="staff-user-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list's rows as a table under these column headings. */
export function ListTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="staff-table-wrap">
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Each list's heading (with its total) and what it says when it is empty. */
const LIST_WORDS: Readonly<Record<AdminUserList, { title: MessageKey; empty: MessageKey }>> = {
  listings: { title: 'admin.users.listingsTitle', empty: 'admin.users.noListings' },
  purchases: { title: 'admin.users.purchasesTitle', empty: 'admin.users.noPurchases' },
  sales: { title: 'admin.users.salesTitle', empty: 'admin.users.noSales' },
  conversation_reports: {
    title: 'admin.users.conversationReportsTitle',
    empty: 'admin.users.noConversationReports',
  },
  reports_made: { title: 'admin.users.reportsMadeTitle', empty: 'admin.users.noReportsMade' },
  reports_against: { title: 'admin.users.reportsAgainstTitle', empty: 'admin.users.noReportsAgainst' },
  sessions: { title: 'admin.users.sessionsTitle', empty: 'admin.users.noSessions' },
};

/**
 * A list of the user page: its heading with its total, its rows (`children` draws them; its empty
 * words when there are none), and "Show more" while the list has more, described by the heading.
 */
export function ListSection<L extends AdminUserList>({
  user,
  asOf,
  list,
  children,
}: {
  user: AdminUser;
  /** When `user` was read: a new read starts the list again. */
  asOf: number;
  list: L;
  children: (rows: AdminUserListRows[L][], total: number) => ReactNode;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const pages = useUserList(user.profile.id, list, user[list] as AdminUserListPage<L>, asOf);
  const loaded = pages.data.pages;
  const rows = loaded.flatMap((page) => page.data);
  const total = loaded.at(-1)?.total ?? 0;
  return (
    <Section id={headingId} title={t(LIST_WORDS[list].title, { count: total })}>
      {rows.length === 0 ? <p>{t(LIST_WORDS[list].empty)}</p> : children(rows, total)}
      {pages.isFetchNextPageError && (
        <p className="alert alert-danger py-2" role="alert">
          {t('admin.users.moreFailed')}
        </p>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm mb-2"
          aria-describedby={headingId}
          disabled={pages.isFetchingNextPage}
          aria-busy={pages.isFetchingNextPage || undefined}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('admin.users.showMore', { shown: rows.length, total })}
        </button>
      )}
    </Section>
  );
}
