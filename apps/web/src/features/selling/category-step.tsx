import { categoryPath, isLeaf, type Category } from '@marketplace/contracts';
import { useId, useMemo, useState } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';

const pathName = (categories: readonly Category[], id: number) =>
  categoryPath(categories, id)
    .map((category) => category.name)
    .join(' › ');

/** Finds the most precise category by any part of its path's names, and picks it. */
export function CategoryStep({
  categories,
  value,
  onPick,
  busy = false,
  error,
}: {
  categories: readonly Category[];
  value: number | null;
  onPick: (id: number) => void;
  busy?: boolean;
  error?: string | undefined;
}) {
  const { t, text } = useI18n();
  const id = useId();
  const [query, setQuery] = useState('');
  const leaves = useMemo(
    () =>
      categories
        .filter((category) => isLeaf(categories, category.id))
        .map((category) => ({ id: category.id, path: pathName(categories, category.id) })),
    [categories],
  );
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? leaves.filter((leaf) => leaf.path.toLocaleLowerCase().includes(needle)) : leaves;
  return (
    <div>
      {value !== null && (
        <p className="alert alert-secondary py-2" aria-live="polite">
          {t('sell.categoryChosen', { path: pathName(categories, value) })}
        </p>
      )}
      <label htmlFor={id} className="form-label">
        {t('sell.categorySearch')}
      </label>
      <input
        id={id}
        type="search"
        className="form-control mb-2"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block mb-2">
          {text(error)}
        </div>
      )}
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t('sell.noCategoryMatch')}</p>
      ) : (
        <ul className="list-group sell-category-list" aria-label={t('listing.field.category')}>
          {shown.map((leaf) => (
            <li key={leaf.id} className="list-group-item p-0">
              <button
                type="button"
                className={`btn w-100 text-start py-2 px-3${leaf.id === value ? ' active btn-primary' : ''}`}
                aria-pressed={leaf.id === value}
                disabled={busy}
                onClick={() => onPick(leaf.id)}
              >
                {leaf.path}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
