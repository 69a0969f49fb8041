import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** When set, the page may load the Google Maps script and what it fetches. */
  googleMapsKey: string;
  /** Where the page may open its real-time WebSocket when that is not this server ('self'). */
  realtimeSources?: string[];
  /** Where the page may load images (and the welcome video) from besides this server: MEDIA_PUBLIC_URL's origin (a CDN). */
  imageSources?: string[];
}

const GOOGLE_MAPS_SOURCES = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  img: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleusercontent.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

export function contentSecurityPolicy({
  googleMapsKey,
  realtimeSources = [],
  imageSources = [],
}: SecurityHeadersOptions): string {
  const maps = googleMapsKey ? GOOGLE_MAPS_SOURCES : { script: [], connect: [], img: [], style: [], font: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...maps.script],
    // react-select and react-toastify inject <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...maps.style],
    'img-src': ["'self'", 'data:', 'blob:', ...imageSources, ...maps.img],
    // The welcome video and its captions (decision 041): this server's, or MEDIA_PUBLIC_URL's once staff replaced them.
    'media-src': ["'self'", ...imageSources],
    'font-src': ["'self'", 'data:', ...maps.font],
    // ws: and wss: to this same host are covered by 'self' in current browsers.
    'connect-src': ["'self'", ...maps.connect, ...realtimeSources],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export const securityHeaders = fp(
  (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = {
      'content-security-policy': contentSecurityPolicy(options),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
    };
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.headers(headers);
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      done(null, payload);
    });
    return Promise.resolve();
  },
  { name: 'security-headers' },
);
