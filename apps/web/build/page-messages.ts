import fs from 'node:fs';
import path from 'node:path';

/**
 * Which messages each part of the catalogue holds, so that the public pages (the home page,
 * categories, product and seller pages, search: first visits from outside) download theirs only.
 *
 * Not by key prefix: a key belongs where the code that names it is loaded. The public pages' module
 * graph is walked from main.tsx, static and dynamic imports alike (a product page's Buy and Report
 * buttons are part of it), except the dynamic imports of the other page areas (app/pages.ts), of
 * the help centre's pages and of the widgets loaded with `withPageAreaMessages`. A key is the core's
 * when that graph names it, when the web never names it, or when the server or the contracts name it
 * (a message the server encodes for the page to word, a field's name inside a rule's message, can
 * reach any page). Of the rest, a key the help centre's pages name (walked from their entries) is in
 * the `help` part, loaded with them; a key the other page areas or widgets name is in the
 * `pageAreas` part, loaded with them (lib/i18n/load-catalogue.ts). A key named by both is in both.
 */
export function catalogueParts(options: {
  repoRoot: string;
  keys: readonly string[];
  publicPageChunks: readonly string[];
  /** Public pages whose own strings come with them rather than with every public page. */
  helpPageChunks: readonly string[];
}): { pageAreas: Set<string>; help: Set<string> } {
  const { repoRoot, keys, publicPageChunks, helpPageChunks } = options;
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

  // The other page areas: app/pages.ts's entries whose chunk is not a public page's; the help
  // centre's pages: public, with strings of their own.
  const pagesFile = path.join(web, 'app/pages.ts');
  const otherAreas = new Set<string>();
  const helpEntries = new Set<string>();
  for (const match of fs
    .readFileSync(pagesFile, 'utf8')
    .matchAll(/chunk: '([^']+)',\s*load: \(\) => import\('([^']+)'\)/g)) {
    const [, chunk = '', spec = ''] = match;
    const file = resolve(pagesFile, spec);
    if (!file) continue;
    if (helpPageChunks.includes(chunk)) helpEntries.add(file);
    else if (!publicPageChunks.includes(chunk)) otherAreas.add(file);
  }

  // A widget a public page loads on demand with its own strings (`withPageAreaMessages(import('…'))`,
  // lib/i18n/load-catalogue.ts) is an area of its own too: the strings only it names load with it.
  for (const file of sourceFiles(web)) {
    for (const match of fs
      .readFileSync(file, 'utf8')
      .matchAll(/withPageAreaMessages\(\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const target = resolve(file, match[1] ?? '');
      if (target) otherAreas.add(target);
    }
  }

  const imports =
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  /** The files reached from `entries`, not following a dynamic import into `skip`. */
  const graph = (entries: Iterable<string>, skip: Set<string>): Set<string> => {
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
        if (!target || (dynamic && skip.has(target))) continue;
        stack.push(target);
      }
    }
    return reached;
  };
  const lazyParts = new Set([...otherAreas, ...helpEntries]);
  const coreGraph = graph([path.join(web, 'main.tsx')], lazyParts);
  const helpGraph = graph(helpEntries, lazyParts);
  const areasGraph = graph(otherAreas, helpEntries);

  const textOf = (files: Iterable<string>) => [...files].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const named = (text: string, key: string) => text.includes(`'${key}'`);
  const coreText = textOf(coreGraph);
  const helpText = textOf(helpGraph);
  const areasText = textOf(areasGraph);
  const webText = textOf(sourceFiles(web));
  const serverText = textOf([
    ...sourceFiles(path.join(contracts, 'src')),
    ...sourceFiles(path.join(repoRoot, 'apps/server/src')),
  ]);
  const notCore = keys.filter((key) => named(webText, key) && !named(coreText, key) && !named(serverText, key));
  return {
    help: new Set(notCore.filter((key) => named(helpText, key))),
    // Named by a page area, or by no part's graph at all (kept where the most code is loaded).
    pageAreas: new Set(notCore.filter((key) => named(areasText, key) || !named(helpText, key))),
  };
}

/** The TypeScript files below `dir` that the app is built from (no tests, no test support). */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'))
    .map((file) => path.join(dir, file));
}
