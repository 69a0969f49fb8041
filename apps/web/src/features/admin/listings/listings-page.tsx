import { categoryTree, listingStatuses, type CategoryNode, type ListingStatus } from '@marketplace/contracts';
import { ADMIN_SEARCH_LIMITS, type AdminListingRow } from '@marketplace/contracts/staff';
import { Link } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCategories } from '../../../lib/api/categories';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { FilterField, FilterForm, PagedList, useAddressFilters, useFilterDraft } from '../paged-list';
import { staffPaths } from '../staff-paths';
import { iso, LISTING_STATUS_NAMES } from '../users/user-words';
import { LISTING_FILTERS as FILTERS, useAdminListings, type ListingFilters as Filters } from './api/listings';
import './listings.css';

/**
 * /admin/listings (issue 29): every listing in any state, newest first, found by title or id and
 * filtered by state, category (with those under it), seller and open reports. The filters live in
 * the address (a user's page links here with ?seller=), so a filtered list is a link.
 */
export function ListingsPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.listings.title'));
  const { filters, apply, filtered, version } = useAddressFilters(FILTERS);
  const listings = useAdminListings(filters);

  return (
    <section aria-labelledby="listings-title">
      <h1 id="listings-title" className="h3 mb-1">
        {t('admin.listings.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.listings.intro')}</p>
      <ListingFilters key={version} filters={filters} onApply={apply} />
      <PagedList
        pages={listings}
        failed={t('admin.listings.loadFailed')}
        empty={filtered ? t('admin.listings.noMatch') : t('admin.listings.none')}
        more={t('admin.listings.loadMore')}
      >
        {(rows) => (
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
        )}
      </PagedList>
    </section>
  );
}

/** The category tree as a select's options, each under its parent, indented by its depth. */
function categoryOptions(nodes: readonly CategoryNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((node) => [
    { value: String(node.id), label: `${'\u00a0\u00a0'.repeat(depth * 2)}${node.name}` },
    ...categoryOptions(node.children, depth + 1),
  ]);
}

function ListingFilters({ filters, onApply }: { filters: Filters; onApply: (next: Filters) => void }) {
  const { t } = useI18n();
  const categories = useCategories();
  const { draft, field } = useFilterDraft(filters);
  const reported = field('reported');

  return (
    <FilterForm
      label={t('admin.listings.filters')}
      draft={draft}
      onApply={onApply}
      footer={
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
      }
    >
      <FilterField
        label={t('admin.listings.field.q')}
        field={field('q')}
        wide
        type="search"
        maxLength={ADMIN_SEARCH_LIMITS.queryMax}
      />
      <FilterField
        label={t('admin.listings.field.status')}
        field={field('status')}
        any={t('admin.listings.anyStatus')}
        options={listingStatuses.map((status: ListingStatus) => ({
          value: status,
          label: t(LISTING_STATUS_NAMES[status]),
        }))}
      />
      <FilterField
        label={t('admin.listings.field.category')}
        field={field('category')}
        any={t('admin.listings.anyCategory')}
        options={categories.data ? categoryOptions(categoryTree(categories.data)) : []}
      />
      <FilterField label={t('admin.listings.field.seller')} field={field('seller')} numeric maxLength={10} />
      <div className="col-6 col-md-3 col-lg-2">
        <div className="form-check mb-1">
          <input
            id={reported.id}
            type="checkbox"
            className="form-check-input"
            checked={reported.value === '1'}
            onChange={(event) => reported.onChange(event.target.checked ? '1' : '')}
          />
          <label className="form-check-label small" htmlFor={reported.id}>
            {t('admin.listings.field.reported')}
          </label>
        </div>
      </div>
    </FilterForm>
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
          <span dir="auto" data-user-content={row.title ? '' : undefined}>
            {title}
          </span>
        ) : (
          <Link to={pageLinks.listing(row.id, row.slug)} dir="auto" data-user-content={row.title ? '' : undefined}>
            {title}
          </Link>
        )}
        <div className="small text-body-secondary">
          <bdi>{t('admin.listings.idAndCategory', { id: row.id, category: row.category?.name ?? '—' })}</bdi>
        </div>
      </td>
      <td className="text-break">
        <Link to={staffPaths.user(row.seller.id)} dir="auto" data-user-content={row.seller.name ? '' : undefined}>
          {row.seller.name || t('admin.users.deletedName')}
        </Link>
      </td>
      <td>
        {t(LISTING_STATUS_NAMES[row.status])}
        {row.hidden && <div className="small text-body-secondary">{t('admin.listings.hidden')}</div>}
      </td>
      <td>{row.price_fils === null ? '—' : format.price(row.price_fils, row.price_period)}</td>
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
