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
    rolldownOptions: {
      output: {
        // Lazy page areas are served from the site root under /js/chunks/ (docs/product/specification.md §7).
        // Each page's strings are emitted as entries (build/precompiled-messages.ts): chunks all the same.
        entryFileNames: (chunk) =>
          chunk.name.startsWith('messages-') ? 'js/chunks/[name]-[hash].js' : 'js/[name]-[hash].js',
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
