import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// By path: the config that loads this plugin is bundled on its own, where the package's TypeScript is not.
import { compileCatalogue } from '../../../packages/contracts/src/i18n/compile-catalogue.ts';
import { isServerOnlyMessage } from '../../../packages/contracts/src/i18n/server-only-messages.ts';
import { LOCALES } from '../../../packages/contracts/src/i18n/locales.ts';
import { catalogueParts } from './page-messages.ts';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:marketplace-messages/';
const RESOLVED = '\0marketplace-messages:';
/**
 * `{ [locale]: { [page chunk]: () => import(that page's strings) } }`, for lib/i18n/load-catalogue.ts
 * on the dev server and in the component tests; empty in a build, whose pages load them by address.
 */
const PAGE_LOADERS = `${PREFIX}page-loaders`;
const contracts = fileURLToPath(new URL('../../../packages/contracts/', import.meta.url));
const catalogueFile = (locale: string) => path.join(contracts, 'src/i18n/messages', `${locale}.json`);

/**
 * `virtual:marketplace-messages/<locale>`: that language's catalogue with every message parsed at
 * build time (ICU → intl-messageformat's AST), so the page ships no ICU parser (vite.config.ts
 * aliases it away) and never parses a message. A message that is not valid ICU fails the build.
 * Messages only the server words (e-mails, the unsubscribe page, notifications' texts) are left out.
 * Its parts (page-messages.ts, decision 042): `…/<locale>/core`, the shell's, which the app loads
 * first; `…/<locale>/page/<chunk>`, one page's beyond the core, loaded with its code (each its own
 * chunk, `messages-<locale>-<chunk>`, listed by `virtual:marketplace-messages/page-loaders`);
 * `…/<locale>/page-areas`, the on-demand widgets'; `…/<locale>/server`, what only the server or the
 * contracts name; `…/<locale>/admin`, the back-office's (`admin.` and `moderation.` keys and what
 * its code names beyond the core), which only staff download (docs/decisions/030-back-office.md).
 * The whole one is the component tests'.
 */
export function precompiledMessages(): Plugin {
  const repoRoot = path.resolve(contracts, '../..');
  let parts: ReturnType<typeof catalogueParts> | undefined;
  const partsOf = (keys: string[]) => (parts ??= catalogueParts({ repoRoot, keys }));
  let building = false;
  const browserKeys = () =>
    Object.keys(JSON.parse(fs.readFileSync(catalogueFile('en'), 'utf8')) as Record<string, string>).filter(
      (key) => !isServerOnlyMessage(key),
    );
  return {
    name: 'marketplace:precompiled-messages',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      parts = undefined;
      if (!building) return;
      // A build names no page's strings in the code every page loads: each is a chunk of its own,
      // which the page finds by name in the chunk table (build/chunk-addresses.ts).
      for (const chunk of partsOf(browserKeys()).pages.keys()) {
        for (const locale of LOCALES) {
          this.emitFile({
            type: 'chunk',
            id: `${PREFIX}${locale}/page/${chunk}`,
            name: `messages-${locale}-${chunk}`,
            // Its default export is what the page imports; an app build keeps no entry's exports otherwise.
            preserveSignature: 'strict',
          });
        }
      }
    },
    resolveId(id) {
      if (id === PAGE_LOADERS) return `${RESOLVED}page-loaders`;
      // Named like the chunk it becomes: `messages-<locale>-<page chunk>`.
      const page = /^virtual:marketplace-messages\/(\w+)\/page\/([\w-]+)$/.exec(id);
      if (page) return `${RESOLVED}${page[1]}/page/messages-${page[1]}-${page[2]}`;
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const read = (locale: string) => {
        const file = catalogueFile(locale);
        this.addWatchFile(file);
        return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      };
      if (id === `${RESOLVED}page-loaders`) {
        // A build's pages load their strings by address instead (lib/i18n/load-catalogue.ts).
        if (building) return `export default {${LOCALES.map((locale) => `${JSON.stringify(locale)}: {}`).join(', ')}};`;
        const { pages } = partsOf(browserKeys());
        const loaders = LOCALES.map(
          (locale) =>
            `${JSON.stringify(locale)}: {${[...pages.keys()]
              .map((chunk) => `${JSON.stringify(chunk)}: () => import('${PREFIX}${locale}/page/${chunk}')`)
              .join(', ')}}`,
        );
        return `export default {${loaders.join(', ')}};`;
      }
      const [locale = '', part = 'all', pageChunk = ''] = id.slice(RESOLVED.length).split('/');
      const source = read(locale);
      const forBrowser = Object.entries(source).filter(([key]) => !isServerOnlyMessage(key));
      const { core, pages, widgets, staff, server } = partsOf(forBrowser.map(([key]) => key));
      const others = forBrowser.filter(([key]) => !isStaffMessage(key));
      const of = (keys: Set<string> | undefined) => others.filter(([key]) => keys?.has(key));
      const kept =
        part === 'core'
          ? of(core)
          : part === 'page'
            ? of(pages.get(pageChunk.slice(`messages-${locale}-`.length)))
            : part === 'page-areas'
              ? of(widgets)
              : part === 'server'
                ? of(server)
                : part === 'admin'
                  ? forBrowser.filter(([key]) => isStaffMessage(key) || staff.has(key))
                  : forBrowser;
      return `export default ${JSON.stringify(compileCatalogue(Object.fromEntries(kept)))};`;
    },
  };
}

/**
 * A back-office message: in neither of the catalogues a visitor or a user downloads. `moderation.` are
 * the reasons staff give, which users read only inside the server's own words (a notification, an
 * e-mail, an error message).
 */
export const isStaffMessage = (key: string): boolean => key.startsWith('admin.') || key.startsWith('moderation.');

/** intl-messageformat without the ICU parser it never needs here: the messages arrive parsed. */
export const withoutIcuParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: createRequire(path.join(contracts, 'package.json')).resolve(
    '@formatjs/icu-messageformat-parser/no-parser.js',
  ),
};
