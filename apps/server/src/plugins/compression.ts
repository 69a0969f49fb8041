import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses the API's JSON answers (GET /timezones is 37 kB as text, 5 kB as brotli) for clients
 * that accept it. Only JSON: scripts and styles go out as the copies the build compressed, and HTML
 * pages, which carry the CSRF token, stay uncompressed so the token cannot be guessed from their
 * compressed length (BREACH). Request bodies are never inflated: a small compressed body could
 * expand past the body limit.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      customTypes: (contentType: string) => /^application\/json\b/.test(contentType),
      // Quick settings: these answers are made per request, not once at build time.
      brotliOptions: {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
