import { ADMIN_SEARCH_LIMITS, type AdminUserRow } from '@marketplace/contracts/staff';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { PagedList, useAddressFilters } from '../paged-list';
import { ROLE_LABELS } from '../staff-nav';
import { staffPaths } from '../staff-paths';
import { useAdminUsers } from './api/users';
import { ACCOUNT_TYPE_NAMES, iso, suspensionWords } from './user-words';
import './users.css';

/** The one filter: a name, the start of an e-mail address, or an id. */
const SEARCH = ['q'] as const;

/**
 * /admin/users (issue 29): one box finds people by name, the start of their e-mail address, or id;
 * newest first, a page at a time. The search lives in the address (?q=), so a search is a link.
 */
export function UsersPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.users.title'));
  const { filters, apply, version } = useAddressFilters(SEARCH);
  const q = filters.q ?? '';
  const users = useAdminUsers(q);

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="h3 mb-1">
        {t('admin.users.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.users.intro', { min: ADMIN_SEARCH_LIMITS.nameMin })}</p>
      <UserSearchForm key={version} initial={q} onSearch={(next) => apply({ q: next })} />
      <PagedList
        pages={users}
        failed={t('admin.users.loadFailed')}
        empty={q ? t('admin.users.noMatch', { q }) : t('admin.users.none')}
        more={t('admin.users.loadMore')}
      >
        {(rows) => (
          <div className="staff-table-wrap mb-3">
            <table className="table table-sm align-middle staff-users-table" aria-label={t('admin.users.resultsLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.users.column.name')}</th>
                  <th scope="col">{t('admin.users.column.email')}</th>
                  <th scope="col">{t('admin.users.column.id')}</th>
                  <th scope="col">{t('admin.users.column.type')}</th>
                  <th scope="col">{t('admin.users.column.joined')}</th>
                  <th scope="col">{t('admin.users.column.verified')}</th>
                  <th scope="col">{t('admin.users.column.role')}</th>
                  <th scope="col">{t('admin.users.column.standing')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <UserRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </section>
  );
}

function UserSearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <form
      role="search"
      aria-label={t('admin.users.searchForm')}
      className="d-flex flex-wrap gap-2 align-items-end mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <div className="flex-grow-1">
        <label htmlFor={id} className="form-label mb-1">
          {t('admin.users.searchLabel')}
        </label>
        <input
          id={id}
          type="search"
          className="form-control"
          maxLength={ADMIN_SEARCH_LIMITS.queryMax}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {t('admin.users.search')}
      </button>
    </form>
  );
}

function UserRow({ row }: { row: AdminUserRow }) {
  const i18n = useI18n();
  const { t } = i18n;
  const format = useCatalogueFormat();
  const deleted = row.deleted_at !== null;
  return (
    <tr>
      <td>
        <Link
          to={staffPaths.user(row.id)}
          className="fw-semibold text-break"
          dir="auto"
          data-user-content={row.name ? '' : undefined}
        >
          {row.name || t('admin.users.deletedName')}
        </Link>
      </td>
      <td className="text-break">
        <bdi>{row.email}</bdi>
      </td>
      <td>
        <bdi>{row.id}</bdi>
      </td>
      <td>{t(ACCOUNT_TYPE_NAMES[row.account_type])}</td>
      <td>
        <time dateTime={iso(row.joined_at)}>{format.date(iso(row.joined_at))}</time>
      </td>
      <td>{row.verified ? t('admin.users.verified') : t('admin.users.notVerified')}</td>
      <td>{row.role ? t(ROLE_LABELS[row.role]) : '—'}</td>
      <td>
        {deleted ? (
          <span className="badge text-bg-secondary">{t('admin.users.deleted')}</span>
        ) : row.suspension ? (
          <span className="badge text-bg-danger text-wrap">{suspensionWords(i18n, format, row.suspension)}</span>
        ) : (
          t('admin.users.active')
        )}
      </td>
    </tr>
  );
}
