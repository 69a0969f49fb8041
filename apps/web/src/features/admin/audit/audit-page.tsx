import type { MessageKey } from '@marketplace/contracts/i18n';
import { MODERATION_REASON_NAMES, type AuditEntry } from '@marketplace/contracts/staff';
import { Link } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { FilterField, FilterForm, PagedList, useAddressFilters, useFilterDraft } from '../paged-list';
import { ROLE_LABELS } from '../staff-nav';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { useAuditFacets, useAuditPages } from './api/audit';
import {
  actionName,
  apiQuery,
  AUDIT_FILTERS,
  changes,
  changeValue,
  targetHref,
  targetName,
  targetTypeName,
  type AuditFilters,
} from './audit-words';
import './audit.css';

/**
 * /admin/audit: every staff action, newest first, a page at a time; the filters live in the address
 * (a filtered log is a link to send), and a name in the log filters by that person.
 */
export function AuditPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.audit.title'));
  const { filters, apply, filtered, version } = useAddressFilters(AUDIT_FILTERS);
  const pages = useAuditPages(apiQuery(filters));

  return (
    <div className="staff-audit">
      <h1 className="h3 mb-1">{t('admin.audit.title')}</h1>
      <p className="text-body-secondary">{t('admin.audit.intro')}</p>
      <AuditFilterForm key={version} filters={filters} onApply={apply} />
      <PagedList
        pages={pages}
        failed={t('admin.audit.loadFailed')}
        empty={filtered ? t('admin.audit.empty') : t('admin.audit.emptyAll')}
        more={t('admin.audit.loadMore')}
      >
        {(entries) => (
          <div className="staff-table-wrap mb-3">
            <table className="table table-sm align-top staff-audit-table" aria-label={t('admin.audit.rowsLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.audit.column.when')}</th>
                  <th scope="col">{t('admin.audit.column.who')}</th>
                  <th scope="col">{t('admin.audit.column.what')}</th>
                  <th scope="col">{t('admin.audit.column.target')}</th>
                  <th scope="col">{t('admin.audit.column.reason')}</th>
                  <th scope="col">{t('admin.audit.column.changes')}</th>
                  <th scope="col">{t('admin.audit.column.address')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} filters={filters} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </div>
  );
}

/** The filters as a form: what the address says, applied to the address on submit. */
function AuditFilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const { t } = useI18n();
  const facets = useAuditFacets();
  const { draft, field } = useFilterDraft(filters);
  // What the address filters by stays in the lists even when the log no longer holds it.
  const actions = [...new Set([...(facets.data?.actions ?? []), ...(filters.action ? [filters.action] : [])])];
  const types = [
    ...new Set([...(facets.data?.target_types ?? []), ...(filters.target_type ? [filters.target_type] : [])]),
  ];

  return (
    <FilterForm label={t('admin.audit.filters')} draft={draft} onApply={onApply} className="staff-audit-filters">
      <FilterField label={t('admin.audit.field.q')} field={field('q')} wide type="search" maxLength={100} />
      <FilterField
        label={t('admin.audit.field.action')}
        field={field('action')}
        any={t('admin.audit.anyAction')}
        options={actions.map((action) => ({ value: action, label: actionName(t, action) }))}
      />
      <FilterField label={t('admin.audit.field.actor')} field={field('actor')} numeric maxLength={10} />
      <FilterField
        label={t('admin.audit.field.targetType')}
        field={field('target_type')}
        any={t('admin.audit.anyTargetType')}
        options={types.map((type) => ({ value: type, label: targetTypeName(t, type) }))}
      />
      <FilterField label={t('admin.audit.field.targetId')} field={field('target_id')} numeric maxLength={16} />
      <FilterField label={t('admin.audit.field.from')} field={field('from')} type="date" />
      <FilterField label={t('admin.audit.field.to')} field={field('to')} type="date" />
      <div className="col-12 col-lg-4 d-flex align-items-end gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          {t('admin.audit.apply')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onApply({})}>
          {t('admin.audit.clear')}
        </button>
      </div>
    </FilterForm>
  );
}

const REASON_NAMES = MODERATION_REASON_NAMES as Readonly<Record<string, MessageKey | undefined>>;

/** One action: when, who (a link that filters by them), what, to what, why, what changed, from where. */
function AuditRow({ entry, filters }: { entry: AuditEntry; filters: AuditFilters }) {
  const { t, dir } = useI18n();
  const format = useCatalogueFormat();
  const href = targetHref(entry.target);
  const reasonKey = entry.reason ? REASON_NAMES[entry.reason] : undefined;
  const roleKey = (ROLE_LABELS as Readonly<Record<string, MessageKey | undefined>>)[entry.actor.role];
  // Arrows are not mirrored: right to left, a change reads leftwards, so its arrow points left.
  const arrow = dir === 'rtl' ? '←' : '→';
  const byActor = new URLSearchParams({ ...filters, actor: String(entry.actor.id) });
  const lines = changes(entry.before, entry.after);
  return (
    <tr>
      <td className="text-nowrap">
        <time dateTime={entry.created_at}>{format.dateTime(entry.created_at)}</time>
      </td>
      <td>
        {entry.actor.id === null ? (
          <UserText>{entry.actor.name}</UserText>
        ) : (
          <Link
            to={`${staffPaths.audit}?${byActor.toString()}`}
            dir="auto"
            data-user-content=""
            title={t('admin.audit.filterByActor', { name: entry.actor.name })}
          >
            {entry.actor.name}
          </Link>
        )}
        <div className="small text-body-secondary">{roleKey ? t(roleKey) : t('admin.audit.system')}</div>
      </td>
      <td>{actionName(t, entry.action)}</td>
      <td className="text-nowrap">
        {href ? <Link to={href}>{targetName(t, entry.target)}</Link> : targetName(t, entry.target)}
      </td>
      <td>
        {entry.reason && <div>{reasonKey ? t(reasonKey) : entry.reason}</div>}
        {entry.note && (
          <div className="small text-break staff-audit-note" dir="auto" data-user-content="">
            {entry.note}
          </div>
        )}
      </td>
      <td>
        {lines.length > 0 && (
          <ul className="list-unstyled small mb-0 staff-audit-changes">
            {lines.map((line) => (
              <li key={line.key}>
                <span className="fw-semibold" lang="en">
                  {line.key}
                </span>
                : <bdi lang={line.before == null ? undefined : 'en'}>{changeValue(t, line.before)}</bdi> {arrow}{' '}
                <bdi lang={line.after == null ? undefined : 'en'}>{changeValue(t, line.after)}</bdi>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="small text-nowrap" dir="ltr">
        {entry.ip ?? '—'}
      </td>
    </tr>
  );
}
