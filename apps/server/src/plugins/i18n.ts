import {
  decodeMessage,
  isLocale,
  LOCALE_COOKIE,
  negotiateLocale,
  type FieldErrors,
  type Locale,
  type Translator,
} from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in: the account's choice, else the cookie's, else Accept-Language. */
    readonly locale: Locale;
    readonly translator: Translator;
  }
}

/** A choice is remembered for a year, as long as a session could ever last and then some. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function requestLocale(request: FastifyRequest): Locale {
  const chosen = request.user?.locale;
  if (isLocale(chosen)) return chosen;
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return negotiateLocale(request.headers['accept-language']);
}

/** The language this visitor chose on this browser, if any (the cookie; not Accept-Language). */
export function chosenLocale(request: FastifyRequest): Locale | null {
  const cookie = request.cookies[LOCALE_COOKIE];
  return isLocale(cookie) ? cookie : null;
}

export function rememberLocale(request: FastifyRequest, reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * A message for the reader: one the contracts encoded, in their language; any other text (zod's or
 * Fastify's own English) as it is for English readers, and a generic sentence for the others.
 */
export function renderMessage(translator: Translator, text: string): string {
  if (decodeMessage(text)) return translator.text(text);
  return translator.locale === 'en' ? text : translator.t('laravel.invalidValue');
}

export function renderFieldErrors(translator: Translator, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.map((text) => renderMessage(translator, text))]),
  );
}

export const i18n = fp(
  (app: FastifyInstance) => {
    // Getters: read after the session hook has found the user, whenever a handler or the error handler asks.
    app.decorateRequest('locale', {
      getter(this: FastifyRequest) {
        return requestLocale(this);
      },
    });
    app.decorateRequest('translator', {
      getter(this: FastifyRequest) {
        return translators[requestLocale(this)];
      },
    });
    return Promise.resolve();
  },
  { name: 'i18n', dependencies: ['@fastify/cookie'] },
);
