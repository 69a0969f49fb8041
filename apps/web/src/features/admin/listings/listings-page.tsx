import { categoryTree, listingStatuses, type CategoryNode, type ListingStatus } from '@marketplace/contracts';
import { ADMIN_SEARCH_LIMITS, type AdminListingRow } from '@marketplace/contracts/staff';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCategories } from '../../../lib/api/categories';
import { useCatalogueFormat } from '../../../lib/format';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { staffPaths } from '../staff-paths';
import { iso, LISTING_STATUS_NAMES } from '../users/user-words';
import { LISTING_FILTERS as FILTERS, useAdminListings, type ListingFilters as Filters } from './api/listings';
import './listings.css';

/** The filters the address holds; anything else in it is left out. */
function readFilters(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * /admin/listings (issue 29): every listing in any state, newest first, found by title or id and
 * filtered by state, category (with those under it), seller and open reports. The filters live in
 * the address (a user's page links here with ?seller=), so a filtered list is a link.
 */
export function ListingsPage() {
  const { t, text } = useI18n();
  usePageTitle(t('admin.listings.title'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const listings = useAdminListings(filters);
  const rows = listings.data?.pages.flatMap((page) => page.data) ?? [];
  const refused = apiError(listings.error);
  const invalid = refused?.status === 422 ? Object.values(refused.body.errors ?? {}).flat() : [];
  const filtered = Object.keys(filters).length > 0;

  const apply = (next: Filters) => {
    const query = new URLSearchParams();
    for (const name of FILTERS) {
      const value = next[name]?.trim();
      if (value) query.set(name, value);
    }
    setParams(query);
  };

  return (
    <section aria-labelledby="listings-title">
      <h1 id="listings-title" className="h3 mb-1">
        {t('admin.listings.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.listings.intro')}</p>
      <ListingFilters key={params.toString()} filters={filters} onApply={apply} />
      {invalid.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          {invalid.map((message) => (
            <p key={message} className="mb-0">
              {text(message)}
            </p>
          ))}
        </div>
      ) : listings.isError ? (
        <LoadFailed message={t('admin.listings.loadFailed')} onRetry={() => void listings.refetch()} />
      ) : listings.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="py-4 text-center" role="status">
          {filtered ? t('admin.listings.noMatch') : t('admin.listings.none')}
        </p>
      ) : (
        <>
          <div className="staff-table-wrap mb-3">
            <table
              className="table table-sm align-middle staff-listings-table"
              aria-label={t('admin.listings.resultsLabel')}
            >
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.listings.column.photo')}</span>
                  </th>
                  <th scope="col">{t('admin.listings.column.title')}</th>
                  <th scope="col">{t('admin.listings.column.seller')}</th>
                  <th scope="col">{t('admin.listings.column.state')}</th>
                  <th scope="col">{t('admin.listings.column.price')}</th>
                  <th scope="col">{t('admin.listings.column.reports')}</th>
                  <th scope="col">{t('admin.listings.column.created')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ListingRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          {listings.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={listings.isFetchingNextPage}
              aria-busy={listings.isFetchingNextPage || undefined}
              onClick={() => void listings.fetchNextPage()}
            >
              {t('admin.listings.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** The category tree as a select's options, each under its parent, indented by its depth. */
function categoryOptions(nodes: readonly CategoryNode[], depth = 0): { id: number; label: string }[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: `${'\u00a0\u00a0'.repeat(depth * 2)}${node.name}` },
    ...categoryOptions(node.children, depth + 1),
  ]);
}

function ListingFilters({ filters, onApply }: { filters: Filters; onApply: (next: Filters) => void }) {
  const { t } = useI18n();
  const categories = useCategories();
  const [draft, setDraft] = useState<Filters>(filters);
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const set = (name: (typeof FILTERS)[number]) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const options = categories.data ? categoryOptions(categoryTree(categories.data)) : [];

  return (
    <form
      className="card card-body mb-3"
      aria-label={t('admin.listings.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-6 col-lg-4">
          <label className="form-label small mb-1" htmlFor={field('q')}>
            {t('admin.listings.field.q')}
          </label>
          <input
            id={field('q')}
            type="search"
            className="form-control form-control-sm"
            maxLength={ADMIN_SEARCH_LIMITS.queryMax}
            value={draft.q ?? ''}
            onChange={set('q')}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('status')}>
            {t('admin.listings.field.status')}
          </label>
          <select
            id={field('status')}
            className="form-select form-select-sm"
            value={draft.status ?? ''}
            onChange={set('status')}
          >
            <option value="">{t('admin.listings.anyStatus')}</option>
            {listingStatuses.map((status: ListingStatus) => (
              <option key={status} value={status}>
                {t(LISTING_STATUS_NAMES[status])}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('category')}>
            {t('admin.listings.field.category')}
          </label>
          <select
            id={field('category')}
            className="form-select form-select-sm"
            value={draft.category ?? ''}
            onChange={set('category')}
          >
            <option value="">{t('admin.listings.anyCategory')}</option>
            {options.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('seller')}>
            {t('admin.listings.field.seller')}
          </label>
          <input
            id={field('seller')}
            className="form-control form-control-sm"
            inputMode="numeric"
            dir="ltr"
            maxLength={10}
            value={draft.seller ?? ''}
            onChange={set('seller')}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <div className="form-check mb-1">
            <input
              id={field('reported')}
              type="checkbox"
              className="form-check-input"
              checked={draft.reported === '1'}
              onChange={(event) => {
                const { checked } = event.target;
                setDraft((current) => ({ ...current, reported: checked ? '1' : '' }));
              }}
            />
            <label className="form-check-label small" htmlFor={field('reported')}>
              {t('admin.listings.field.reported')}
            </label>
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-primary btn-sm">
          {t('admin.listings.apply')}
        </button>
        {Object.keys(filters).length > 0 && (
          <Link to={staffPaths.listings} className="btn btn-link btn-sm">
            {t('admin.listings.clear')}
          </Link>
        )}
      </div>
    </form>
  );
}

function ListingRow({ row }: { row: AdminListingRow }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const title = row.title || t('admin.listings.untitled');
  return (
    <tr>
      <td className="staff-listing-thumb">
        {row.thumb ? <img src={row.thumb} alt="" width={48} height={48} loading="lazy" /> : null}
      </td>
      <td className="text-break">
        {row.slug === null ? (
          <span dir="auto">{title}</span>
        ) : (
          <Link to={pageLinks.listing(row.id, row.slug)} dir="auto">
            {title}
          </Link>
        )}
        <div className="small text-body-secondary">
          <bdi>{t('admin.listings.idAndCategory', { id: row.id, category: row.category?.name ?? '—' })}</bdi>
        </div>
      </td>
      <td className="text-break">
        <Link to={staffPaths.user(row.seller.id)} dir="auto">
          {row.seller.name || t('admin.users.deletedName')}
        </Link>
      </td>
      <td>
        {t(LISTING_STATUS_NAMES[row.status])}
        {row.hidden && <div className="small text-body-secondary">{t('admin.listings.hidden')}</div>}
      </td>
      <td>{row.price_fils === null ? '—' : format.price(row.price_fils)}</td>
      <td>
        {row.open_reports > 0 ? (
          <Link to={staffPaths.moderationTarget('listing', row.id)} className="badge text-bg-danger">
            {t('admin.listings.openReports', { count: row.open_reports })}
          </Link>
        ) : (
          <span className="text-body-secondary">{t('admin.listings.noReports')}</span>
        )}
      </td>
      <td>
        <time dateTime={iso(row.created_at)}>{format.date(iso(row.created_at))}</time>
      </td>
    </tr>
  );
}
