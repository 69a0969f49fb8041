import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/list-states';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { CursorPage } from './api/cursor-pages';

/** A list's filters as the address holds them: text, checked by the server. */
export type Filters<Name extends string> = Partial<Record<Name, string>>;

/** The filters named in the address; anything else in it, and an empty one, is left out. */
export function readFilters<Name extends string>(params: URLSearchParams, names: readonly Name[]): Filters<Name> {
  const filters: Filters<Name> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * A list's filters kept in the page's address, so a filtered list is a link to send: what the address
 * says, and `apply`, which puts a new set there (empty ones left out). A form keyed on `version`
 * starts again from the address whenever it changes (a link followed, the filters cleared).
 */
export function useAddressFilters<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, names);
  const apply = (next: Filters<Name>) => {
    const query = new URLSearchParams();
    for (const name of names) {
      const value = next[name]?.trim();
      if (value) query.set(name, value);
    }
    setParams(query);
  };
  return { filters, apply, filtered: Object.keys(filters).length > 0, version: params.toString() };
}

/** What the fields of a filter form hold until it is applied: each field's id, value and change. */
export function useFilterDraft<Name extends string>(filters: Filters<Name>) {
  const [draft, setDraft] = useState<Filters<Name>>(filters);
  const id = useId();
  const field = (name: Name): FilterFieldState => ({
    id: `${id}-${name}`,
    value: draft[name] ?? '',
    onChange: (value) => setDraft((current) => ({ ...current, [name]: value })),
  });
  return { draft, field };
}

interface FilterFieldState {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** The filters as a card: the fields in a row, applied to the address when sent. */
export function FilterForm<Name extends string>({
  label,
  draft,
  onApply,
  className = '',
  children,
  footer,
}: {
  label: string;
  draft: Filters<Name>;
  onApply: (next: Filters<Name>) => void;
  className?: string;
  /** The fields (FilterField), each a column of the row. */
  children: ReactNode;
  /** Below the row. */
  footer?: ReactNode;
}) {
  return (
    <form
      className={`card card-body mb-3${className ? ` ${className}` : ''}`}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <div className="row g-2 align-items-end">{children}</div>
      {footer}
    </form>
  );
}

type FilterFieldProps = {
  label: string;
  field: FilterFieldState;
  /** The column's width: a text search takes more than a number or a choice. */
  wide?: boolean;
} & (
  | {
      /** A choice: "any" first, then these. */
      options: readonly { value: string; label: string }[];
      any: string;
    }
  | {
      options?: undefined;
      type?: 'search' | 'date';
      /** An account's or a target's number: digits, left to right. */
      numeric?: boolean;
      maxLength?: number;
    }
);

/** One filter: its label above a small input or select, in a column of the form's row. */
export function FilterField(props: FilterFieldProps) {
  const { label, field, wide = false } = props;
  const onChange = (event: { target: { value: string } }) => field.onChange(event.target.value);
  return (
    <div className={wide ? 'col-12 col-md-6 col-lg-4' : 'col-6 col-md-3 col-lg-2'}>
      <label className="form-label small mb-1" htmlFor={field.id}>
        {label}
      </label>
      {props.options ? (
        <select id={field.id} className="form-select form-select-sm" value={field.value} onChange={onChange}>
          <option value="">{props.any}</option>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={field.id}
          type={props.type}
          className="form-control form-control-sm"
          inputMode={props.numeric ? 'numeric' : undefined}
          dir={props.numeric ? 'ltr' : undefined}
          maxLength={props.maxLength}
          value={field.value}
          onChange={onChange}
        />
      )}
    </div>
  );
}

/** "Load more" under a list while the cursor has a next page; busy while it comes. */
export function LoadMore({
  pages,
  label,
}: {
  pages: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-primary w-100"
      disabled={pages.isFetchingNextPage}
      aria-busy={pages.isFetchingNextPage || undefined}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </button>
  );
}

/**
 * A filtered list a page at a time: the filters the server refused (422, its messages), that it could
 * not be loaded (with Try again), loading, nothing found, or the rows (`children` draws them) with
 * "Load more" below.
 */
export function PagedList<Row>({
  pages,
  failed,
  empty,
  more,
  children,
}: {
  pages: UseInfiniteQueryResult<InfiniteData<CursorPage<Row>>>;
  /** What could not be loaded. */
  failed: string;
  /** What is said when no row is found. */
  empty: string;
  /** The "Load more" button's words. */
  more: string;
  children: (rows: Row[]) => ReactNode;
}) {
  const { text } = useI18n();
  const rows = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const refused = apiError(pages.error);
  const invalid = refused?.status === 422 ? Object.values(refused.body.errors ?? {}).flat() : [];
  if (invalid.length > 0) {
    return (
      <div className="alert alert-danger" role="alert">
        {invalid.map((message) => (
          <p key={message} className="mb-0">
            {text(message)}
          </p>
        ))}
      </div>
    );
  }
  if (pages.isError) return <LoadFailed message={failed} onRetry={() => void pages.refetch()} />;
  if (pages.isPending) return <Loading />;
  if (rows.length === 0) {
    return (
      <p className="py-4 text-center" role="status">
        {empty}
      </p>
    );
  }
  return (
    <>
      {children(rows)}
      <LoadMore pages={pages} label={more} />
    </>
  );
}
