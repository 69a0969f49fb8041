import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { HtmlTagDescriptor, Plugin } from 'vite';

const require = createRequire(import.meta.url);
const STYLESHEETS = {
  ltr: require.resolve('bootstrap/dist/css/bootstrap.min.css'),
  rtl: require.resolve('bootstrap/dist/css/bootstrap.rtl.min.css'),
} as const;

/** The stylesheet as served: without its source-map comment, which names a file we do not ship. */
const contentOf = (file: string) => fs.readFileSync(file, 'utf8').replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, '');
const hashOf = (content: string) => createHash('sha256').update(content).digest('base64url').slice(0, 8);

function linkTag(href: { ltr: string; rtl: string }): HtmlTagDescriptor {
  return {
    tag: 'link',
    attrs: { rel: 'stylesheet', id: 'direction-styles', href: href.ltr, 'data-ltr': href.ltr, 'data-rtl': href.rtl },
    // Before the app's own stylesheet, which builds on Bootstrap's.
    injectTo: 'head-prepend',
  };
}

/**
 * Bootstrap's stylesheet in both directions, each a hashed asset of its own, named in index.html by
 * `<link id="direction-styles" data-ltr data-rtl>`: the server sends a page with only its
 * direction's (apps/server/src/modules/web/page-template.ts), and the language switch swaps them
 * (src/lib/i18n/direction-styles.ts). Bundled with the app's CSS, a page would carry both or neither.
 */
export function directionStyles(): Plugin {
  let base = '/';
  let command: 'build' | 'serve' = 'build';
  const built = { ltr: '', rtl: '' };
  return {
    name: 'marketplace:direction-styles',
    configResolved(config) {
      base = config.base;
      command = config.command;
    },
    buildStart() {
      if (command !== 'build') return;
      for (const dir of ['ltr', 'rtl'] as const) {
        const source = contentOf(STYLESHEETS[dir]);
        const fileName = `assets/bootstrap${dir === 'rtl' ? '.rtl' : ''}.min-${hashOf(source)}.css`;
        this.emitFile({ type: 'asset', fileName, source });
        built[dir] = `${base}${fileName}`;
      }
    },
    transformIndexHtml() {
      // The dev server serves the package's files as they are.
      const href = command === 'build' ? built : { ltr: `/@fs${STYLESHEETS.ltr}`, rtl: `/@fs${STYLESHEETS.rtl}` };
      return [linkTag(href)];
    },
  };
}
