import fs from 'node:fs';
import path from 'node:path';

/**
 * Which messages only the signed-in page areas need, so that the public pages (the home page,
 * categories, product and seller pages, search: first visits from outside) download the rest only.
 *
 * Not by key prefix: a key belongs where the code that names it is loaded. The public pages' module
 * graph is walked from main.tsx, static and dynamic imports alike (a product page's order form and
 * Message seller are part of it), except the dynamic imports of the other page areas (app/pages.ts).
 * A key stays with the public pages when that graph names it, when the web never names it, or when
 * the server or the contracts name it (a message the server encodes for the page to word, a field's
 * name inside a rule's message, can reach any page). What is left is named only by the other page
 * areas' code: those load it with their code (lib/i18n/load-catalogue.ts).
 */
export function pageAreaOnlyKeys(options: {
  repoRoot: string;
  keys: readonly string[];
  publicPageChunks: readonly string[];
}): Set<string> {
  const { repoRoot, keys, publicPageChunks } = options;
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

  // The other page areas: app/pages.ts's entries whose chunk is not a public page's.
  const pagesFile = path.join(web, 'app/pages.ts');
  const otherAreas = new Set<string>();
  for (const match of fs
    .readFileSync(pagesFile, 'utf8')
    .matchAll(/chunk: '([^']+)',\s*load: \(\) => import\('([^']+)'\)/g)) {
    const [, chunk = '', spec = ''] = match;
    const file = resolve(pagesFile, spec);
    if (file && !publicPageChunks.includes(chunk)) otherAreas.add(file);
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
  const publicGraph = new Set<string>();
  const stack = [path.join(web, 'main.tsx')];
  while (stack.length > 0) {
    const file = stack.pop() ?? '';
    if (publicGraph.has(file)) continue;
    publicGraph.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(imports)) {
      const dynamic = match[2] !== undefined;
      // A type-only import loads no code (`import type { ReportTarget } from './report-form'`).
      if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
      const target = resolve(file, match[1] ?? match[2] ?? match[3] ?? '');
      if (!target || (dynamic && otherAreas.has(target))) continue;
      stack.push(target);
    }
  }

  const sources = (dir: string) =>
    sourceFiles(dir)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
  const named = (text: string, key: string) => text.includes(`'${key}'`);
  const publicText = [...publicGraph].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const webText = sources(web);
  const serverText = sources(path.join(contracts, 'src')) + sources(path.join(repoRoot, 'apps/server/src'));
  return new Set(keys.filter((key) => named(webText, key) && !named(publicText, key) && !named(serverText, key)));
}

/** The TypeScript files below `dir` that the app is built from (no tests, no test support). */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'))
    .map((file) => path.join(dir, file));
}
