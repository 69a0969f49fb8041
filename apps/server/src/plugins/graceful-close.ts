import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the first moment of app.close() (a SIGTERM): the process is draining. */
    isClosing(): boolean;
  }
}

/**
 * Draining on close (docs/deploy.md): Fastify stops listening and waits for the connections it
 * has, but a keep-alive connection that was busy when the close began would stay open after its
 * answer until the client drops it, holding the shutdown for the whole grace. Every answer sent
 * while closing says `Connection: close`, so each such connection ends with its request.
 */
export const gracefulClose = fp(
  (app: FastifyInstance) => {
    let closing = false;
    app.decorate('isClosing', () => closing);
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    return Promise.resolve();
  },
  { name: 'graceful-close' },
);
