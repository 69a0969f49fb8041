/* A query string's parameters, read as a form sends them: the search parser's input (search-params.ts). */

/** What a query string holds: URLSearchParams in a browser, or parseQuery's answer anywhere. */
export interface QueryValues {
  getAll(name: string): string[];
  keys(): Iterable<string>;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    // A lone or broken %-escape: kept as typed, so the parameter reads as what it is.
    return text;
  }
};

/** A query string's parameters (with or without its '?'), as a form sends them. */
export function parseQuery(text: string): QueryValues {
  const values = new Map<string, string[]>();
  for (const pair of text.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? '' : decode(pair.slice(at + 1));
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return { getAll: (name) => values.get(name) ?? [], keys: () => values.keys() };
}
