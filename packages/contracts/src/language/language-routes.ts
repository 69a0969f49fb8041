import { defineRoute } from '../http/api-route';
import { LOCALE_PATH } from '../i18n/locales';
import { localeRequestSchema } from '../language';

/** The language switch; pages without zod use `LOCALE_PATH`. */
export const LANGUAGE_ROUTES = {
  setLocale: defineRoute({ method: 'PUT', path: LOCALE_PATH, body: localeRequestSchema }),
} as const;
