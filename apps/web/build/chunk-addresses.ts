import type { Plugin } from 'vite';

/**
 * Writes `{chunk name: address}` for every lazily loaded chunk into index.html, as
 * `<script id="chunk-addresses" type="application/json">` (read by src/lib/chunks/chunk-addresses.ts).
 * A chunk that times out must be named with its address, which only the build knows. index.html is
 * never cached (the server sends it with `no-store`), so the table always matches the chunks.
 */
export function chunkAddresses(): Plugin {
  let base = '/';
  return {
    name: 'marketplace:chunk-addresses',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const addresses: Record<string, string> = {};
        const preloads: Record<string, { scripts: string[]; styles: string[] }> = {};
        const chunks = new Map(
          Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
        );
        // What the entry loads anyway: never worth preloading again.
        const initial = new Set<string>();
        for (const chunk of chunks.values()) if (chunk.isEntry) staticClosure(chunk.fileName, chunks, initial);
        // (A page's strings, emitted as entries, import nothing: they add only themselves, which no page imports.)
        for (const output of chunks.values()) {
          // The back-office's chunks are no one else's business: the page everyone downloads never names them.
          // Each page's strings are emitted as chunks of their own (precompiled-messages.ts), found by name.
          const pageStrings = output.isEntry && output.facadeModuleId?.startsWith('\0marketplace-messages:');
          if ((!output.isDynamicEntry && !pageStrings) || isStaffAreaModule(output.facadeModuleId)) continue;
          if (addresses[output.name]) {
            throw new Error(`Two lazily loaded modules are named "${output.name}"; rename one so errors can name it.`);
          }
          addresses[output.name] = `${base}${output.fileName}`;
          const files = [...staticClosure(output.fileName, chunks, new Set())].filter((file) => !initial.has(file));
          preloads[output.name] = {
            scripts: files.map((file) => `${base}${file}`),
            styles: files.flatMap((file) =>
              [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])].map((css) => `${base}${css}`),
            ),
          };
        }
        // JSON inside a <script> element must not be able to close it.
        const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
        return [
          {
            tag: 'script',
            attrs: { id: 'chunk-addresses', type: 'application/json' },
            children: json(addresses),
            injectTo: 'head',
          },
          {
            // Read by the server only (modules/web/page-template.ts): each page chunk's own scripts
            // and styles, which the page it sends preloads.
            tag: 'script',
            attrs: { id: 'chunk-preloads', type: 'application/json' },
            children: json(preloads),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** A module of the back-office (apps/web/src/features/admin, docs/decisions/030). */
const isStaffAreaModule = (id: string | null): boolean =>
  id !== null && /[\\/]src[\\/]features[\\/]admin[\\/]/.test(id);

/** `fileName` and every chunk it imports statically, directly or not, added to `into`. */
function staticClosure(fileName: string, chunks: Map<string, { imports: string[] }>, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(imported, chunks, into);
  return into;
}
