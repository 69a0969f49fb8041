import { issueMessage, message } from './i18n/message';

/** The request fields that Laravel-worded messages name, by their key in the catalogues ('first name'). */
const attributes = {
  first_name: 'attribute.first_name',
  last_name: 'attribute.last_name',
  email: 'attribute.email',
  password: 'attribute.password',
  current_password: 'attribute.current_password',
  token: 'attribute.token',
  company_name: 'attribute.company_name',
  account_type: 'attribute.account_type',
  socket_id: 'attribute.socket_id',
  channel_name: 'attribute.channel_name',
  locale: 'attribute.locale',
} as const;
export type Attribute = keyof typeof attributes;

const named = (attribute: Attribute) => message(attributes[attribute]);

/**
 * Messages in the wording Laravel's validator uses (English; the other catalogues translate it), so
 * API errors read the same everywhere. Each is encoded for a zod issue (see i18n/message.ts).
 */
export const messages = {
  required: (attribute: Attribute) => issueMessage('laravel.required', { attribute: named(attribute) }),
  string: (attribute: Attribute) => issueMessage('laravel.string', { attribute: named(attribute) }),
  plainText: (attribute: Attribute) => issueMessage('laravel.plainText', { attribute: named(attribute) }),
  email: (attribute: Attribute) => issueMessage('laravel.email', { attribute: named(attribute) }),
  min: (attribute: Attribute, min: number) => issueMessage('laravel.min', { attribute: named(attribute), min }),
  max: (attribute: Attribute, max: number) => issueMessage('laravel.max', { attribute: named(attribute), max }),
  confirmed: (attribute: Attribute) => issueMessage('laravel.confirmed', { attribute: named(attribute) }),
  in: (attribute: Attribute) => issueMessage('laravel.in', { attribute: named(attribute) }),
  unique: (attribute: Attribute) => issueMessage('laravel.unique', { attribute: named(attribute) }),
  format: (attribute: Attribute) => issueMessage('laravel.format', { attribute: named(attribute) }),
  /** Only a company account has to name its company. */
  companyNameRequired: () =>
    issueMessage('laravel.requiredIf', {
      attribute: named('company_name'),
      other: named('account_type'),
      value: message('attribute.value_company'),
    }),
} as const;
