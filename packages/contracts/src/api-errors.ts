import type { z } from 'zod/mini';
import type { MessageKey } from './i18n/message';

/** The API's own messages (Laravel's wording in English), by the key each catalogue words them under. */
export const API_MESSAGES = {
  unauthenticated: 'api.unauthenticated',
  invalid: 'api.invalid',
  csrf: 'api.csrf',
  serverError: 'api.serverError',
  notFound: 'api.notFound',
  forbidden: 'api.forbidden',
} as const satisfies Record<string, MessageKey>;

export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  message: string;
  errors?: FieldErrors;
}

/**
 * Laravel's shape: every failing field with its messages, in the order the rules ran. The messages
 * are as the rules wrote them (encoded, see i18n/message.ts); whoever shows them renders them in
 * the reader's language with Translator.text.
 */
export function toFieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
