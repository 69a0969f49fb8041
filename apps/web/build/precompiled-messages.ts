import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// By path: the config that loads this plugin is bundled on its own, where the package's TypeScript is not.
import { compileCatalogue } from '../../../packages/contracts/src/i18n/compile-catalogue.ts';
import { isServerOnlyMessage } from '../../../packages/contracts/src/i18n/server-only-messages.ts';
import { HELP_PAGE_CHUNKS, PUBLIC_PAGE_CHUNKS } from '../../../packages/contracts/src/pages.ts';
import { catalogueParts } from './page-messages.ts';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:marketplace-messages/';
const RESOLVED = '\0marketplace-messages:';
const contracts = fileURLToPath(new URL('../../../packages/contracts/', import.meta.url));
const catalogueFile = (locale: string) => path.join(contracts, 'src/i18n/messages', `${locale}.json`);

/**
 * `virtual:marketplace-messages/<locale>`: that language's catalogue with every message parsed at
 * build time (ICU → intl-messageformat's AST), so the page ships no ICU parser (vite.config.ts
 * aliases it away) and never parses a message. A message that is not valid ICU fails the build.
 * Messages only the server words (e-mails, the unsubscribe page, notifications' texts) are left out.
 * `…/<locale>/core` is what the app loads first (the shell's and the public pages' strings) and
 * `…/<locale>/page-areas` what only the other page areas name, loaded with their code, and
 * `…/<locale>/help` what only the help centre's public pages name, loaded with theirs
 * (page-messages.ts); `…/<locale>/admin` the back-office's (`admin.` and `moderation.` keys), which only staff
 * download (docs/decisions/030-back-office.md); the whole one is the component tests'.
 */
export function precompiledMessages(): Plugin {
  const repoRoot = path.resolve(contracts, '../..');
  let parts: ReturnType<typeof catalogueParts> | undefined;
  return {
    name: 'marketplace:precompiled-messages',
    enforce: 'pre',
    buildStart() {
      parts = undefined;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [locale = '', part = 'all'] = id.slice(RESOLVED.length).split('/');
      const file = catalogueFile(locale);
      this.addWatchFile(file);
      const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const forBrowser = Object.entries(source).filter(([key]) => !isServerOnlyMessage(key));
      parts ??= catalogueParts({
        repoRoot,
        keys: forBrowser.map(([key]) => key),
        publicPageChunks: PUBLIC_PAGE_CHUNKS,
        helpPageChunks: HELP_PAGE_CHUNKS,
      });
      const { pageAreas: areas, help } = parts;
      // The back-office's strings (`admin.`) reach staff only, with the back-office's own code.
      const staff = forBrowser.filter(([key]) => isStaffMessage(key));
      const others = forBrowser.filter(([key]) => !isStaffMessage(key));
      const kept =
        part === 'core'
          ? others.filter(([key]) => !areas.has(key) && !help.has(key))
          : part === 'page-areas'
            ? others.filter(([key]) => areas.has(key))
            : part === 'help'
              ? others.filter(([key]) => help.has(key))
              : part === 'admin'
                ? staff
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
