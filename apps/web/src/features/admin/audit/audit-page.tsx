import type { MessageKey } from '@marketplace/contracts/i18n';
import { MODERATION_REASON_NAMES, type AuditEntry } from '@marketplace/contracts/staff';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { ROLE_LABELS } from '../staff-nav';
import { staffPaths } from '../staff-paths';
import { useAuditFacets, useAuditPages } from './api/audit';
import {
  actionName,
  apiQuery,
  AUDIT_FILTERS,
  changes,
  changeValue,
  readFilters,
  targetHref,
  targetName,
  targetTypeName,
  type AuditFilterName,
  type AuditFilters,
} from './audit-words';
import './audit.css';

/**
 * /admin/audit: every staff action, newest first, a page at a time; the filters live in the address
 * (a filtered log is a link to send), and a name in the log filters by that person.
 */
export function AuditPage() {
  const { t, text } = useI18n();
  usePageTitle(t('admin.audit.title'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const pages = useAuditPages(apiQuery(filters));
  const entries = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Object.keys(filters).length > 0;
  const refused = apiError(pages.error);
  const invalid = refused?.status === 422 ? Object.values(refused.body.errors ?? {}).flat() : [];

  const apply = (next: AuditFilters) => {
    const query = new URLSearchParams();
    for (const name of AUDIT_FILTERS) {
      const value = next[name]?.trim();
      if (value) query.set(name, value);
    }
    setParams(query);
  };

  return (
    <div className="staff-audit">
      <h1 className="h3 mb-1">{t('admin.audit.title')}</h1>
      <p className="text-body-secondary">{t('admin.audit.intro')}</p>
      <AuditFilterForm key={params.toString()} filters={filters} onApply={apply} />
      {invalid.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          {invalid.map((message) => (
            <p key={message} className="mb-0">
              {text(message)}
            </p>
          ))}
        </div>
      ) : pages.isError ? (
        <LoadFailed message={t('admin.audit.loadFailed')} onRetry={() => void pages.refetch()} />
      ) : pages.isPending ? (
        <Loading />
      ) : entries.length === 0 ? (
        <p className="py-4 text-center">{filtered ? t('admin.audit.empty') : t('admin.audit.emptyAll')}</p>
      ) : (
        <>
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
          {pages.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {t('admin.audit.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** The filters as a form: what the address says, applied to the address on submit. */
function AuditFilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const { t } = useI18n();
  const facets = useAuditFacets();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const id = useId();
  const set = (name: AuditFilterName) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };
  // What the address filters by stays in the lists even when the log no longer holds it.
  const actions = [...new Set([...(facets.data?.actions ?? []), ...(filters.action ? [filters.action] : [])])];
  const types = [
    ...new Set([...(facets.data?.target_types ?? []), ...(filters.target_type ? [filters.target_type] : [])]),
  ];
  const field = (name: AuditFilterName) => `${id}-${name}`;

  return (
    <form className="staff-audit-filters card card-body mb-3" onSubmit={submit} aria-label={t('admin.audit.filters')}>
      <div className="row g-2">
        <div className="col-12 col-md-6 col-lg-4">
          <label className="form-label small mb-1" htmlFor={field('q')}>
            {t('admin.audit.field.q')}
          </label>
          <input
            id={field('q')}
            type="search"
            className="form-control form-control-sm"
            maxLength={100}
            value={draft.q ?? ''}
            onChange={set('q')}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('action')}>
            {t('admin.audit.field.action')}
          </label>
          <select
            id={field('action')}
            className="form-select form-select-sm"
            value={draft.action ?? ''}
            onChange={set('action')}
          >
            <option value="">{t('admin.audit.anyAction')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionName(t, action)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('actor')}>
            {t('admin.audit.field.actor')}
          </label>
          <input
            id={field('actor')}
            className="form-control form-control-sm"
            inputMode="numeric"
            dir="ltr"
            maxLength={10}
            value={draft.actor ?? ''}
            onChange={set('actor')}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('target_type')}>
            {t('admin.audit.field.targetType')}
          </label>
          <select
            id={field('target_type')}
            className="form-select form-select-sm"
            value={draft.target_type ?? ''}
            onChange={set('target_type')}
          >
            <option value="">{t('admin.audit.anyTargetType')}</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {targetTypeName(t, type)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('target_id')}>
            {t('admin.audit.field.targetId')}
          </label>
          <input
            id={field('target_id')}
            className="form-control form-control-sm"
            inputMode="numeric"
            dir="ltr"
            maxLength={16}
            value={draft.target_id ?? ''}
            onChange={set('target_id')}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('from')}>
            {t('admin.audit.field.from')}
          </label>
          <input
            id={field('from')}
            type="date"
            className="form-control form-control-sm"
            value={draft.from ?? ''}
            onChange={set('from')}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <label className="form-label small mb-1" htmlFor={field('to')}>
            {t('admin.audit.field.to')}
          </label>
          <input
            id={field('to')}
            type="date"
            className="form-control form-control-sm"
            value={draft.to ?? ''}
            onChange={set('to')}
          />
        </div>
        <div className="col-12 col-lg-4 d-flex align-items-end gap-2">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('admin.audit.apply')}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onApply({})}>
            {t('admin.audit.clear')}
          </button>
        </div>
      </div>
    </form>
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
          <span dir="auto">{entry.actor.name}</span>
        ) : (
          <Link
            to={`${staffPaths.audit}?${byActor.toString()}`}
            dir="auto"
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
          <div className="small text-break staff-audit-note" dir="auto">
            {entry.note}
          </div>
        )}
      </td>
      <td>
        {lines.length > 0 && (
          <ul className="list-unstyled small mb-0 staff-audit-changes">
            {lines.map((line) => (
              <li key={line.key}>
                <span className="fw-semibold">{line.key}</span>: <bdi>{changeValue(t, line.before)}</bdi> {arrow}{' '}
                <bdi>{changeValue(t, line.after)}</bdi>
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
