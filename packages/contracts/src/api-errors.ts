import type { z } from 'zod/mini';

export const API_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  invalid: 'The given data was invalid.',
  csrf: 'CSRF token mismatch.',
  serverError: 'Server Error',
  notFound: 'Not Found',
  forbidden: 'This action is unauthorized.',
  tooManyRequests: 'Too Many Attempts.',
} as const;

export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  message: string;
  errors?: FieldErrors;
}

/** Laravel's shape: every failing field with its messages, in the order the rules ran. */
export function toFieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
