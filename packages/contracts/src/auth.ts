import { z } from 'zod/mini';
import { emailAddress, requiredText } from './fields';
import { characterCount, isPlainText } from './rules/values';
import { LOCALES } from './i18n/locales';
import { messages } from './laravel-messages';

export const accountTypes = ['individual', 'company'] as const;
export type AccountType = (typeof accountTypes)[number];

export const PASSWORD_MIN = 8;
/** NIST asks for at least 64; the cap keeps hashing cost bounded. */
export const PASSWORD_MAX = 256;

/**
 * A password someone chooses (registration, change, reset): any Unicode is allowed; NFC makes the
 * same visible password hash the same on every keyboard.
 */
export const newPassword = z
  .pipe(
    z
      .string({ error: (issue) => (issue.input == null ? messages.required('password') : messages.string('password')) })
      .check(z.minLength(1, messages.required('password'))),
    z.transform((value) => value.normalize('NFC')),
  )
  .check(
    z.refine((value) => isPlainText(value, { multiline: true }), messages.plainText('password')),
    z.refine((value) => characterCount(value) >= PASSWORD_MIN, messages.min('password', PASSWORD_MIN)),
    z.refine((value) => characterCount(value) <= PASSWORD_MAX, messages.max('password', PASSWORD_MAX)),
  );

/** A password someone types to prove who they are (login, the current one): only its length is checked. */
export function enteredPassword(field: 'password' | 'current_password') {
  return z.pipe(
    z
      .string({ error: messages.required(field) })
      .check(
        z.minLength(1, messages.required(field)),
        z.maxLength(4 * PASSWORD_MAX, messages.max(field, PASSWORD_MAX)),
      ),
    z.transform((value) => value.normalize('NFC')),
  );
}

/** What the "confirm password" field holds, compared with the new password as its NFC form. */
export const passwordConfirmation = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value?.normalize('NFC')),
);

export const registerRequestSchema = z
  .object({
    first_name: requiredText('first_name'),
    last_name: requiredText('last_name'),
    email: emailAddress(),
    password: newPassword,
    password_confirmation: passwordConfirmation,
    account_type: z.enum(accountTypes, { error: messages.in('account_type') }),
    company_name: z.nullable(z.optional(z.string().check(z.trim()))),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.password !== input.password_confirmation) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: messages.confirmed('password') });
      }
      if (input.account_type !== 'company') return;
      const name = input.company_name ?? '';
      if (name === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['company_name'],
          message: messages.companyNameRequired(),
        });
      } else if (!isPlainText(name)) {
        ctx.addIssue({ code: 'custom', path: ['company_name'], message: messages.plainText('company_name') });
      } else if (characterCount(name) < 2) {
        ctx.addIssue({ code: 'custom', path: ['company_name'], message: messages.min('company_name', 2) });
      } else if (characterCount(name) > 255) {
        ctx.addIssue({ code: 'custom', path: ['company_name'], message: messages.max('company_name', 255) });
      }
    }),
  );
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterInput = z.output<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.pipe(
    requiredText('email', { max: 255 }),
    z.transform((value) => value.toLowerCase()),
  ),
  password: enteredPassword('password'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  web: z.nullable(z.string()),
});

export const userSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  account_type: z.enum(accountTypes),
  avatar: z.nullable(z.string()),
  company: z.nullable(companySchema),
  /** The language the user chose, kept on the account; null until they choose one. */
  locale: z.nullable(z.enum(LOCALES)),
  /** Whether the address was proved by the e-mailed link: publishing and ordering wait for it. */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ data: userSchema });

/**
 * The test hook that stands in for sign-up and its e-mailed link in browser tests that are not about
 * signing up (`POST /api/test/sign-in`, registered only with NODE_ENV=test): it makes the account if
 * there is none with that address, verified unless `verified: false`, and signs the caller in.
 */
export const TEST_SIGN_IN_API = '/api/test/sign-in';

export const testSignInRequestSchema = z.object({
  email: emailAddress(),
  password: z.optional(newPassword),
  first_name: z.optional(requiredText('first_name')),
  last_name: z.optional(requiredText('last_name')),
  account_type: z.optional(z.enum(accountTypes, { error: messages.in('account_type') })),
  company_name: z.optional(requiredText('company_name')),
  locale: z.optional(z.enum(LOCALES, { error: messages.in('locale') })),
  verified: z.optional(z.boolean()),
});
export type TestSignInRequest = z.input<typeof testSignInRequestSchema>;
