import fs from 'node:fs';
import path from 'node:path';

/**
 * Which messages each part of the catalogue holds, so that a first visit downloads the strings of
 * the shell and of the page it opens, and no other page's (decisions 027 and 042).
 *
 * Not by key prefix: a key belongs where the code that names it is loaded. Each part's module graph
 * is walked, static and dynamic imports alike (a product page's Buy and Report buttons are part of
 * it), into the contracts too, but never into another part's entry by a dynamic import:
 * - `core`: from main.tsx (the shell: header, footer, errors), loaded first by every page;
 * - `pages`: one per page chunk of app/pages.ts, loaded with that page's code (lazy-page.ts);
 * - `widgets`: what the widgets loaded with `withPageAreaMessages` name beyond the core (the order,
 *   report and save-search forms, the bell's list), loaded with them;
 * - `staff`: what the back-office's code (features/admin) names beyond the core, loaded with it;
 * - `server`: the keys the server or the contracts name that are not in the core (a message the server
 *   encodes for the page to word, a field's name inside a rule's message: it can reach any page), and
 *   any the web names nowhere reachable. lib/http.ts loads it when the server answers with words, and
 *   the translator when a key is missing (lib/i18n/load-catalogue.ts).
 * A key named by several parts is in each of them.
 */
export interface CatalogueParts {
  core: Set<string>;
  pages: Map<string, Set<string>>;
  widgets: Set<string>;
  staff: Set<string>;
  server: Set<string>;
}

export function catalogueParts(options: { repoRoot: string; keys: readonly string[] }): CatalogueParts {
  const { repoRoot, keys } = options;
  const web = path.join(repoRoot, 'apps/web/src');
  const contracts = path.join(repoRoot, 'packages/contracts');
  const exportsMap = (
    JSON.parse(fs.readFileSync(path.join(contracts, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    }
  ).exports;

  const resolve = (from: string, spec: string): string | undefined => {
    let base: string;
    if (spec.startsWith('@marketplace/contracts')) {
      const sub = spec === '@marketplace/contracts' ? '.' : `./${spec.slice('@marketplace/contracts/'.length)}`;
      const target = exportsMap[sub];
      if (!target) return undefined;
      base = path.join(contracts, target);
    } else if (spec.startsWith('.')) {
      base = path.resolve(path.dirname(from), spec);
    } else {
      return undefined;
    }
    for (const candidate of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };

  // Every page area: app/pages.ts's entries, by chunk (two addresses may share one).
  const pagesFile = path.join(web, 'app/pages.ts');
  const pageEntries = new Map<string, string>();
  for (const match of fs
    .readFileSync(pagesFile, 'utf8')
    .matchAll(/chunk: '([^']+)',\s*load: \(\) => import\('([^']+)'\)/g)) {
    const [, chunk = '', spec = ''] = match;
    const file = resolve(pagesFile, spec);
    if (file) pageEntries.set(chunk, file);
  }

  // A widget a page loads on demand with its own strings (`withPageAreaMessages(import('…'))`,
  // lib/i18n/load-catalogue.ts): the strings only it names load with it.
  const widgetEntries = new Set<string>();
  for (const file of sourceFiles(web)) {
    for (const match of fs
      .readFileSync(file, 'utf8')
      .matchAll(/withPageAreaMessages\(\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const target = resolve(file, match[1] ?? '');
      if (target) widgetEntries.add(target);
    }
  }
  // The back-office (features/admin): staff only, with its own strings and the page areas'.
  const staffEntry = path.join(web, 'features/admin/entry.tsx');

  const imports =
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  const lazyParts = new Set([...pageEntries.values(), ...widgetEntries, staffEntry]);
  /** The files reached from `entries`, not following a dynamic import into another lazy part. */
  const graph = (entries: Iterable<string>): Set<string> => {
    const reached = new Set<string>();
    const stack = [...entries];
    while (stack.length > 0) {
      const file = stack.pop() ?? '';
      if (reached.has(file)) continue;
      reached.add(file);
      for (const match of fs.readFileSync(file, 'utf8').matchAll(imports)) {
        const dynamic = match[2] !== undefined;
        // A type-only import loads no code (`import type { ReportTarget } from './report-form'`).
        if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
        const target = resolve(file, match[1] ?? match[2] ?? match[3] ?? '');
        if (!target || (dynamic && lazyParts.has(target))) continue;
        stack.push(target);
      }
    }
    return reached;
  };

  // The keys each file names, as string literals (the catalogue's tests require keys to be named so).
  const known = new Set(keys);
  const keysOf = new Map<string, string[]>();
  const namedIn = (file: string): string[] => {
    let named = keysOf.get(file);
    if (!named) {
      named = [...fs.readFileSync(file, 'utf8').matchAll(/'([\w.-]+)'/g)]
        .map((match) => match[1] ?? '')
        .filter((key) => known.has(key));
      keysOf.set(file, named);
    }
    return named;
  };
  const namedBy = (files: Iterable<string>) => new Set([...files].flatMap(namedIn));
  const core = namedBy(graph([path.join(web, 'main.tsx')]));
  const beyondCore = (named: Set<string>) => new Set([...named].filter((key) => !core.has(key)));
  const pages = new Map([...pageEntries].map(([chunk, file]) => [chunk, beyondCore(namedBy(graph([file])))]));
  const widgetsPart = beyondCore(namedBy(graph(widgetEntries)));
  const staff = beyondCore(namedBy(graph([staffEntry])));
  const serverNamed = namedBy([
    ...sourceFiles(path.join(contracts, 'src')),
    ...sourceFiles(path.join(repoRoot, 'apps/server/src')),
  ]);
  const reachable = new Set([...[...pages.values(), widgetsPart, staff].flatMap((part) => [...part])]);
  const server = new Set(keys.filter((key) => !core.has(key) && (serverNamed.has(key) || !reachable.has(key))));
  return { core, pages, widgets: widgetsPart, staff, server };
}

/** The TypeScript files below `dir` that the app is built from (no tests, no test support). */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'))
    .map((file) => path.join(dir, file));
}
