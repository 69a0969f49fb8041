import type { SearchSuggestions } from '@marketplace/contracts';
import { SEARCH_API } from '@marketplace/contracts/catalogue-essentials';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../../lib/http';

/** What was typed, and what the API suggested for it: a late answer names the text it belongs to. */
export interface SuggestionsAnswer extends SearchSuggestions {
  query: string;
}

const DEBOUNCE_MS = 150;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
type Category = SearchSuggestions['categories'][number];
type CountedCategory = SearchSuggestions['in_categories'][number];
const isCategory = (value: unknown): value is Category => isObject(value) && isText(value.slug) && isText(value.name);
const isCountedCategory = (value: unknown): value is CountedCategory =>
  isCategory(value) && typeof (value as Fields).count === 'number';
const isListOf = <T>(value: unknown, test: (item: unknown) => item is T): value is T[] =>
  Array.isArray(value) && value.every(test);

/**
 * The answer's shape, checked by hand rather than with searchSuggestionsSchema: zod would add
 * ~10 KiB to the code the header loads, and the server already checks what it sends against it.
 */
export function readSuggestions(body: unknown): SearchSuggestions | undefined {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data)) return undefined;
  const { titles, categories, in_categories: inCategories } = data;
  return isListOf(titles, isText) && isListOf(categories, isCategory) && isListOf(inCategories, isCountedCategory)
    ? { titles, categories, in_categories: inCategories }
    : undefined;
}

/** GET /api/search/suggestions?q=; `signal` cancels it once the user has typed on. */
export async function getSearchSuggestions(query: string, signal?: AbortSignal): Promise<SuggestionsAnswer> {
  const response = await http.get(SEARCH_API.suggestions, { params: { q: query }, ...(signal && { signal }) });
  const suggestions = readSuggestions(response.data);
  if (!suggestions) throw new Error('The search suggestions did not have the expected shape.');
  return { query, ...suggestions };
}

/**
 * `value`, once it has stayed the same for `delay` ms: one request per pause in typing, not per key.
 * `initial` until then, so the text typed before this code arrived waits for its pause too.
 */
function useDebouncedValue<T>(value: T, delay: number, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Suggestions for `text` as the user types. Only the answer for the latest text is taken: a query
 * the user has typed past loses its last observer, and TanStack Query aborts its request. The last
 * list stays up while the next loads, so the popup does not flicker at every key; a failure shows
 * nothing (the form still submits), and is not retried.
 */
export function useSearchSuggestions(text: string) {
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS, '');
  return useQuery({
    queryKey: ['search', 'suggestions', query],
    queryFn: ({ signal }) => getSearchSuggestions(query, signal),
    enabled: query !== '',
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
