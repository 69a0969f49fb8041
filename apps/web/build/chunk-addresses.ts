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
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isDynamicEntry) continue;
          if (addresses[output.name]) {
            throw new Error(`Two lazily loaded modules are named "${output.name}"; rename one so errors can name it.`);
          }
          addresses[output.name] = `${base}${output.fileName}`;
        }
        return [
          {
            tag: 'script',
            attrs: { id: 'chunk-addresses', type: 'application/json' },
            // JSON inside a <script> element must not be able to close it.
            children: JSON.stringify(addresses).replaceAll('<', '\\u003c'),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
