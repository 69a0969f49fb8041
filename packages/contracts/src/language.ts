import { z } from 'zod/mini';
import { LOCALES } from './i18n/locales';
import { messages } from './laravel-messages';

/** PUT LOCALE_PATH (i18n/locales.ts): the language switch's choice. */
export const localeRequestSchema = z.object({ locale: z.enum(LOCALES, { error: messages.in('locale') }) });
export type LocaleRequest = z.input<typeof localeRequestSchema>;
