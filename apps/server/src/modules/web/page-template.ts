import {
  LOCALE_DIRECTIONS,
  LOCALES,
  matchPage,
  PAGE_CHUNKS,
  pageTitleKey,
  type Locale,
  type Translator,
} from '@marketplace/contracts';

export const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const DIRECTION_STYLES = /<link\b[^>]*\bid="direction-styles"[^>]*>/;
const attributeOf = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** One of the build's JSON tables in index.html (apps/web/build/chunk-addresses.ts), by chunk name. */
function buildTable(template: string, id: string): Record<string, unknown> {
  const json = new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(template)?.[1];
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The `<link>`s that fetch a page's own code and styles with the app's, by page: without them the
 * browser learns of the page's chunk only once the app's code has run.
 */
function pagePreloads(template: string): Map<string, string> {
  const table = buildTable(template, 'chunk-preloads');
  const links = new Map<string, string>();
  for (const [chunk, files] of Object.entries(table)) {
    const { scripts, styles } = (files ?? {}) as { scripts?: unknown; styles?: unknown };
    links.set(
      chunk,
      [
        ...strings(styles).map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
        ...strings(scripts).map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`),
      ].join('\n    '),
    );
  }
  return links;
}

/**
 * index.html as the build wrote it, made ready for one language: `<html lang dir>`, the title,
 * description and noscript text in that language, Bootstrap's stylesheet for its direction only
 * (the build names both in `#direction-styles`), and the language's catalogue preloaded so it
 * arrives with the app's code rather than after it. Worked out once per language at start-up.
 */
export type RenderPage = (
  pathname: string,
  translator: Translator,
  overrides?: { title?: string; description?: string },
) => string;

export function pageTemplates(template: string): Record<Locale, RenderPage> {
  const styles = DIRECTION_STYLES.exec(template)?.[0];
  const addresses = buildTable(template, 'chunk-addresses');
  const preloads = pagePreloads(template);
  const byLocale = Object.fromEntries(
    LOCALES.map((locale) => {
      const dir = LOCALE_DIRECTIONS[locale];
      let html = template
        .replace(/<html\b[^>]*>/, () => `<html lang="${locale}" dir="${dir}">`)
        // The server's table only: the page gets the links it names instead.
        .replace(/\s*<script id="chunk-preloads" type="application\/json">[^<]*<\/script>/, '');
      const stylesHref = styles && attributeOf(styles, `data-${dir}`);
      if (styles && stylesHref) {
        const directionStyles = styles.replace(/\bhref="[^"]*"/, () => `href="${escapeAttribute(stylesHref)}"`);
        html = html.replace(styles, () => directionStyles);
      }
      const catalogue = addresses[`messages-${locale}`];
      if (typeof catalogue === 'string') {
        html = html.replace(
          '</head>',
          () => `  <link rel="modulepreload" href="${escapeAttribute(catalogue)}">\n  </head>`,
        );
      }
      return [locale, html];
    }),
  ) as Record<Locale, string>;

  const render =
    (locale: Locale): RenderPage =>
    (pathname, { t }, overrides = {}) => {
      const page = matchPage(pathname)?.page;
      // The page's code and its strings beyond the shell's (`messages-<locale>-<chunk>`, decision 042).
      const pageStrings = page ? addresses[`messages-${locale}-${PAGE_CHUNKS[page]}`] : undefined;
      const links = [
        page ? preloads.get(PAGE_CHUNKS[page]) : undefined,
        typeof pageStrings === 'string'
          ? `<link rel="modulepreload" href="${escapeAttribute(pageStrings)}">`
          : undefined,
      ]
        .filter(Boolean)
        .join('\n    ');
      // Functions, not strings: `$'`, `$&` or `` $` `` in a listing's title would splice the template in.
      return byLocale[locale]
        .replace('</head>', () => (links ? `  ${links}\n  </head>` : '</head>'))
        .replace(
          /<title>[^<]*<\/title>/,
          () => `<title>${escapeText(overrides.title ?? t(pageTitleKey(pathname)))}</title>`,
        )
        .replace(
          /(<meta name="description" content=")[^"]*(")/,
          (_match, start: string, end: string) =>
            `${start}${escapeAttribute(overrides.description ?? t('app.description'))}${end}`,
        )
        .replace(
          /(<noscript>\s*<p\b[^>]*>)[^<]*(<\/p>)/,
          (_match, start: string, end: string) => `${start}${escapeText(t('app.noscript'))}${end}`,
        );
    };
  return Object.fromEntries(LOCALES.map((locale) => [locale, render(locale)])) as Record<Locale, RenderPage>;
}
