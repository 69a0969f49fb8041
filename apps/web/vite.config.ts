import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkAddresses } from './build/chunk-addresses.ts';
import { directionStyles } from './build/direction-styles.ts';
import { precompiledMessages, withoutIcuParser } from './build/precompiled-messages.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompiledMessages(), directionStyles(), chunkAddresses(), precompress()],
  resolve: { alias: [withoutIcuParser] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the build targets supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // The server reads where the staff area's entry was written (modules/web/staff-area.ts).
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        // The back-office: an entry of its own, which only staff pages name (docs/decisions/030).
        'staff-area': fileURLToPath(new URL('src/features/admin/entry.tsx', import.meta.url)),
      },
      output: {
        // Lazy page areas are served from the site root under /js/chunks/ (docs/product/specification.md §7).
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // Libraries every page needs change less often than the app: a deployment leaves them cached.
            { name: 'vendor', test: /[\\/]node_modules[\\/].*\.[cm]?js$/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {},
  },
});
