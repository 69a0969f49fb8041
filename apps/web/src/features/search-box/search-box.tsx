import { lazy, Suspense, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import type { PopupState } from './components/search-suggestions';
import './search-box.css';

/** The results page's address. */
export const SEARCH_PAGE = paths.search;

const loadSuggestions = () => import('./components/search-suggestions');
/** The combobox and its requests load when the field is first wanted, not with every page. */
const SearchSuggestions = lazy(() => loadSuggestions().then((module) => ({ default: module.SearchSuggestions })));
const preloadSuggestions = () => void loadSuggestions().catch(() => undefined);

const CLOSED: PopupState = { expanded: false };

/**
 * The header's search field: a plain GET form to /search, which works before and without the
 * suggestions' code; that code joins on the first focus and makes the field an ARIA combobox.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // On the results page the field shows the search the address holds, after Back and Forward too.
  const { pathname, search } = useLocation();
  const addressQuery = pathname === SEARCH_PAGE ? (new URLSearchParams(search).get('q') ?? '') : undefined;
  const [syncedQuery, setSyncedQuery] = useState(addressQuery);
  const [text, setText] = useState(addressQuery ?? '');
  const [wanted, setWanted] = useState(false);
  const [popup, setPopup] = useState(CLOSED);
  // Counts what the user typed, so suggestions open for typing (even before their code arrived), not for a Back.
  const [edits, setEdits] = useState(0);
  // The edits a search was submitted after: suggestions whose code or answer arrives later stay shut.
  const [submittedEdits, setSubmittedEdits] = useState(0);
  if (addressQuery !== syncedQuery) {
    setSyncedQuery(addressQuery);
    if (addressQuery !== undefined) setText(addressQuery);
  }

  const go = (href: string) => void navigate(href);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setSubmittedEdits(edits);
    const form = event.currentTarget;
    // The address comes with the suggestions' code (searchQueryString, kept off every page's first
    // bytes), which the field's focus has already fetched; without it, the browser sends the form.
    loadSuggestions().then(
      (module) => go(module.searchPageLink({ q })),
      () => form.submit(),
    );
  };

  const listboxId = `${id}listbox`;
  return (
    <form role="search" action={SEARCH_PAGE} method="get" className={`search-box ${className}`} onSubmit={onSubmit}>
      <label htmlFor={`${id}q`} className="visually-hidden">
        {t('searchBox.label')}
      </label>
      <div className="input-group">
        <input
          ref={inputRef}
          id={`${id}q`}
          name="q"
          type="search"
          className="form-control search-box-input"
          placeholder={t('searchBox.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-controls={listboxId}
          aria-expanded={popup.expanded}
          aria-activedescendant={popup.activeId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setEdits((count) => count + 1);
          }}
          onPointerEnter={preloadSuggestions}
          onFocus={() => setWanted(true)}
        />
        <button type="submit" className="btn btn-outline-secondary search-box-submit">
          <span className="visually-hidden">{t('searchBox.submit')}</span>
        </button>
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <SearchSuggestions
            input={inputRef}
            text={text}
            edits={edits > submittedEdits ? edits : 0}
            listboxId={listboxId}
            onPopup={setPopup}
            onText={setText}
            onNavigate={go}
          />
        </Suspense>
      )}
    </form>
  );
}
