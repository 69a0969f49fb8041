import type { AdminUser, AdminUserList, AdminUserListPage, AdminUserListRows } from '@marketplace/contracts/staff';
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

/**
 * A list of the user page: its heading with its total, its rows (`children` draws them, `empty`
 * when there are none), and "Show more" while the list has more, named by the heading it extends.
 */
export function ListSection<L extends AdminUserList>({
  user,
  asOf,
  list,
  title,
  empty,
  children,
  after,
}: {
  user: AdminUser;
  /** When `user` was read: a new read starts the list again. */
  asOf: number;
  list: L;
  title: (total: number) => string;
  empty: string;
  children: (rows: AdminUserListRows[L][]) => ReactNode;
  /** What follows the list in its section (a link to all of them elsewhere). */
  after?: (total: number) => ReactNode;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const pages = useUserList(user.profile.id, list, user[list] as AdminUserListPage<L>, asOf);
  const loaded = pages.data.pages;
  const rows = loaded.flatMap((page) => page.data);
  const total = loaded.at(-1)?.total ?? 0;
  return (
    <Section id={headingId} title={title(total)}>
      {rows.length === 0 ? <p>{empty}</p> : children(rows)}
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
      {after?.(total)}
    </Section>
  );
}
