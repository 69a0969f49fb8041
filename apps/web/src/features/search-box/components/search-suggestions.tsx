import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useI18n, type I18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { useSearchSuggestions, type SuggestionsAnswer } from '../api/get-search-suggestions';
import { searchPageLink } from '../search-page-link';
import './search-suggestions.css';

export { searchPageLink } from '../search-page-link';

/** What the field's ARIA says of the popup: whether it shows, and which option is highlighted. */
export interface PopupState {
  expanded: boolean;
  activeId?: string;
}

interface Option {
  label: string;
  detail?: string;
  /** What the field holds once the option is chosen. */
  text: string;
  href: string;
}

interface Group {
  key: 'titles' | 'in-categories' | 'categories';
  label: string;
  options: Option[];
  /** The index of its first option among all the popup's options. */
  start: number;
}

/** Text set apart from the sentence around it, so "iphone" reads right within Arabic and the reverse. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** The answer as the popup lists it: searches for a title, the text within a category, then categories. */
function groupsOf(answer: SuggestionsAnswer, t: I18n['t']): Group[] {
  const { query } = answer;
  const groups: Omit<Group, 'start'>[] = [
    {
      key: 'titles',
      label: t('searchBox.groupTitles'),
      options: answer.titles.map((title) => ({ label: title, text: title, href: searchPageLink({ q: title }) })),
    },
    {
      key: 'in-categories',
      label: t('searchBox.groupInCategories'),
      options: answer.in_categories.map(({ slug, name, count }) => ({
        label: t('searchBox.inCategory', { query: isolated(query), category: isolated(name) }),
        detail: t('browse.listingCount', { count }),
        text: query,
        href: searchPageLink({ q: query, category: slug }),
      })),
    },
    {
      key: 'categories',
      label: t('searchBox.groupCategories'),
      // A category's page is no search: the field empties as the user goes there.
      options: answer.categories.map(({ slug, name }) => ({ label: name, text: '', href: pageLinks.category(slug) })),
    },
  ];
  let start = 0;
  return groups
    .filter((group) => group.options.length > 0)
    .map((group) => {
      const numbered = { ...group, start };
      start += group.options.length;
      return numbered;
    });
}

interface SearchSuggestionsProps {
  input: RefObject<HTMLInputElement | null>;
  text: string;
  /** How many times the user has typed in the field (each edit opens the popup again); 0 since a search was submitted. */
  edits: number;
  listboxId: string;
  onPopup: (state: PopupState) => void;
  onText: (text: string) => void;
  onNavigate: (href: string) => void;
}

/**
 * The ARIA 1.2 combobox's popup for the header's search field (a listbox with grouped options,
 * highlighted by aria-activedescendant while focus stays in the field), and its keys: Down and Up
 * move (wrapping), Enter chooses, Escape closes and a second Escape empties the field.
 */
export function SearchSuggestions({
  input,
  text,
  edits,
  listboxId,
  onPopup,
  onText,
  onNavigate,
}: SearchSuggestionsProps) {
  const { t } = useI18n();
  const { data, isError } = useSearchSuggestions(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const [seenEdits, setSeenEdits] = useState(0);
  if (edits !== seenEdits) {
    setSeenEdits(edits);
    // 0: nothing typed since the last search was submitted (the popup's code may arrive after it).
    if (edits > 0) {
      setOpen(true);
      setActive(-1);
    }
  }

  const answer = text.trim() !== '' && !isError ? data : undefined;
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (answer !== shownAnswer) {
    setShownAnswer(answer);
    setActive(-1);
  }

  const groups = useMemo(() => (answer ? groupsOf(answer, t) : []), [answer, t]);
  const options = groups.flatMap((group) => group.options);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-${index}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;

  useEffect(() => {
    onPopup(activeId ? { expanded, activeId } : { expanded });
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, activeId, onPopup]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    close();
    onText(option.text);
    onNavigate(option.href);
  };

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const count = options.length;
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
        event.preventDefault();
        const forward = event.key === 'ArrowDown';
        const from = expanded ? active : -1;
        setOpen(true);
        setActive(from === -1 ? (forward ? 0 : count - 1) : (from + (forward ? 1 : -1) + count) % count);
      } else if (event.key === 'Enter' && expanded && active >= 0) {
        // Chooses the highlighted option instead of submitting the form.
        event.preventDefault();
        choose(active);
      } else if (event.key === 'Escape') {
        // Also stops the browser's own clearing of a search field, so the first Escape only closes.
        event.preventDefault();
        if (expanded) close();
        else onText('');
      }
    };
    const form = field.form;
    field.addEventListener('keydown', onKeyDown);
    field.addEventListener('blur', close);
    form?.addEventListener('submit', close);
    return () => {
      field.removeEventListener('keydown', onKeyDown);
      field.removeEventListener('blur', close);
      form?.removeEventListener('submit', close);
    };
  });

  return (
    <>
      {/* Pressing an option must not take focus from the field, which would close the popup before the click. */}
      <div
        role="listbox"
        id={listboxId}
        aria-label={t('searchBox.suggestions')}
        className="dropdown-menu search-suggestions"
        hidden={!expanded}
        onMouseDown={(event) => event.preventDefault()}
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${listboxId}-${group.key}`}>
            <div role="presentation" id={`${listboxId}-${group.key}`} className="dropdown-header">
              {group.label}
            </div>
            {group.options.map((option, position) => {
              const index = group.start + position;
              return (
                <div
                  key={index}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`dropdown-item search-suggestion${index === active ? ' active' : ''}`}
                  onClick={() => choose(index)}
                >
                  <span className="search-suggestion-label">{option.label}</span>
                  {/* The space keeps the two apart in the option's accessible name. */}
                  {option.detail && (
                    <>
                      {' '}
                      <small className="search-suggestion-detail">{option.detail}</small>
                    </>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div role="status" className="visually-hidden">
        {open && answer ? t('searchBox.count', { count: options.length }) : ''}
      </div>
    </>
  );
}
