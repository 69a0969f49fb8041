import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// By path: the config that loads this plugin is bundled on its own, where the package's TypeScript is not.
import { compileCatalogue } from '../../../packages/contracts/src/i18n/compile-catalogue.ts';
import { isServerOnlyMessage } from '../../../packages/contracts/src/i18n/server-only-messages.ts';
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
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'marketplace:precompiled-messages',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const file = catalogueFile(id.slice(RESOLVED.length));
      this.addWatchFile(file);
      const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const forBrowser = Object.fromEntries(Object.entries(source).filter(([key]) => !isServerOnlyMessage(key)));
      return `export default ${JSON.stringify(compileCatalogue(forBrowser))};`;
    },
  };
}

/** intl-messageformat without the ICU parser it never needs here: the messages arrive parsed. */
export const withoutIcuParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: createRequire(path.join(contracts, 'package.json')).resolve(
    '@formatjs/icu-messageformat-parser/no-parser.js',
  ),
};
