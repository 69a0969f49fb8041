import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Text assets the server sends as they are; index.html is rendered per request and compressed there, if at all. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a .gz and a .br beside every text asset, at the highest levels (done once per build, not
 * per request); the server's static handler sends them to browsers that accept them.
 */
export function precompress(): Plugin {
  return {
    name: 'marketplace:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const file = path.join(outDir, fileName);
            const source = await fs.readFile(file);
            if (source.length < MIN_BYTES) return;
            const [gz, br] = await Promise.all([
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ]);
            await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
          }),
      );
    },
  };
}
