import { categoryPath, categoryTree, type Category, type CategoryNode } from '@marketplace/contracts';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';

const pathName = (categories: readonly Category[], id: number) =>
  categoryPath(categories, id)
    .map((category) => category.name)
    .join(' › ');

/**
 * A name as a search compares it, in either language: lower case, without accents or Arabic's
 * short vowels and tatweel (NFD takes the hamza off alef, so أ إ آ read as ا), ة as ه and ى as ي.
 */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll(/[\p{Mn}\u0640]/gu, '')
    .replaceAll('ة', 'ه')
    .replaceAll('ى', 'ي')
    .toLocaleLowerCase()
    .trim();
}

/** The tree as searched: a category whose name matches keeps all below it; else only what matches below. */
function filterTree(nodes: readonly CategoryNode[], needle: string): CategoryNode[] {
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (searchable(node.name).includes(needle)) return [node];
    const children = filterTree(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Up and Down move between the tree's buttons as they show (Tab and Enter work as anywhere). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys: Record<string, (index: number, count: number) => number> = {
    ArrowDown: (index, count) => Math.min(index + 1, count - 1),
    ArrowUp: (index) => Math.max(index - 1, 0),
    Home: () => 0,
    End: (_, count) => count - 1,
  };
  const move = keys[event.key];
  if (!move) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  buttons[move(index, buttons.length)]?.focus();
}

/**
 * The categories as a tree: a parent opens and closes its children (a disclosure list), a leaf is
 * picked. The search box keeps what matches a name in the reader's language, opened.
 */
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
  const tree = useMemo(() => categoryTree(categories), [categories]);
  // The chosen category's parents start open.
  const [open, setOpen] = useState<ReadonlySet<number>>(
    () => new Set(value === null ? [] : categoryPath(categories, value).map((category) => category.id)),
  );
  const needle = searchable(query);
  const shown = filterTree(tree, needle);
  const toggle = (parent: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(parent)) next.add(parent);
      return next;
    });

  const branch = (nodes: readonly CategoryNode[]) =>
    nodes.map((node) => {
      if (node.children.length === 0) {
        const chosen = node.id === value;
        return (
          <li key={node.id}>
            <button
              type="button"
              className={`btn sell-tree-leaf${chosen ? ' btn-primary' : ''}`}
              aria-pressed={chosen}
              disabled={busy}
              onClick={() => onPick(node.id)}
            >
              {node.name}
            </button>
          </li>
        );
      }
      const expanded = needle !== '' || open.has(node.id);
      const groupId = `${id}-group-${node.id}`;
      return (
        <li key={node.id}>
          <button
            type="button"
            className="btn sell-tree-parent"
            aria-expanded={expanded}
            aria-controls={groupId}
            onClick={() => toggle(node.id)}
          >
            <span className="sell-tree-caret" aria-hidden="true" />
            {node.name}
          </button>
          <ul id={groupId} className="list-unstyled sell-tree-group" hidden={!expanded}>
            {expanded && branch(node.children)}
          </ul>
        </li>
      );
    });

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
        <p className="text-body-secondary" role="status">
          {t('sell.noCategoryMatch')}
        </p>
      ) : (
        <ul className="list-unstyled sell-category-tree" aria-label={t('listing.field.category')} onKeyDown={moveFocus}>
          {branch(shown)}
        </ul>
      )}
    </div>
  );
}
