import type { FastifyInstance } from 'fastify';

/**
 * Registers routes that take a photo as the request's raw body in a scope of their own, where every
 * body arrives as bytes (up to `maxBytes`, past which Fastify answers 413 before reading), whatever
 * its Content-Type or none. The route tells an image by its bytes, so a PDF, or a JPEG labelled
 * text/plain, meets the same 422 on the photo field as any other non-image: Fastify would otherwise
 * refuse a type it has no parser for with a 415 before the route, naming no field.
 */
export function photoUploadRoutes(
  app: FastifyInstance,
  maxBytes: number,
  routes: (uploads: FastifyInstance) => void,
): void {
  void app.register((uploads, _options, done) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, parsed) =>
      parsed(null, body),
    );
    routes(uploads);
    done();
  });
}
