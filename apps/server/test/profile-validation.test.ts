import type { City, Profile } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type BrowserLikeClient } from './browser-like-client';
import { cityNamed, createProfileTestApp, fetchCities, readProfile, validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

/** docs/product/specification.md §8, word for word. */
const BIRTHDAY_INVALID = 'The given data of birth date was invalid.';

let testApp: TestApp;
let dubai: City;
let sharjah: City;
let individual: { client: BrowserLikeClient; saved: Profile };
let company: { client: BrowserLikeClient; saved: Profile };

/** A signed-in user whose profile has been saved once, so a refused save has something to spoil. */
async function userWithSavedProfile(overrides: Record<string, unknown> = {}, update: Record<string, unknown> = {}) {
  const { client } = await signedInClient(testApp.app, overrides);
  const response = await client.put('/user/profile', validProfileUpdate(dubai, update));
  if (response.statusCode !== 200) throw new Error(`first save failed: ${response.body}`);
  return { client, saved: await readProfile(client) };
}

beforeAll(async () => {
  testApp = await createProfileTestApp();
  const client = (await signedInClient(testApp.app)).client;
  const cities = await fetchCities(client);
  dubai = cityNamed(cities, 'Dubai');
  sharjah = cityNamed(cities, 'Sharjah');
  individual = await userWithSavedProfile();
  company = await userWithSavedProfile(
    { account_type: 'company', company_name: 'Gulf Goods' },
    { company: { name: 'Gulf Goods', web: 'https://gulfgoods.example' } },
  );
});
afterAll(() => testApp.close());

const long = (length: number) => 'x'.repeat(length);
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
};

type Row = [label: string, changes: () => Record<string, unknown>, errors: Record<string, string[]>];

const address = (fields: Record<string, unknown>) => () => ({ address: fields });

/** specification §5, row by row, with the messages the form shows. */
const individualRows: Row[] = [
  ['first name missing', () => ({ first_name: undefined }), { first_name: ['The First name field is required'] }],
  ['first name only spaces', () => ({ first_name: '   ' }), { first_name: ['The First name field is required'] }],
  ['first name not text', () => ({ first_name: 42 }), { first_name: ['First name is not valid.'] }],
  [
    'last name of 256 characters',
    () => ({ last_name: long(256) }),
    { last_name: ['The Last name field may not be greater than 255 characters'] },
  ],
  [
    'phone prefix missing',
    address({ phone_prefix: '' }),
    { 'address.phone_prefix': ['The Phone prefix field is required'] },
  ],
  ...['+12345', '97a', '++971', '+'].map((prefix): Row => [
    `phone prefix ${prefix}`,
    address({ phone_prefix: prefix }),
    { 'address.phone_prefix': ['The Phone prefix field format is invalid'] },
  ]),
  ['phone number missing', address({ phone: '' }), { 'address.phone': ['The Phone number field is required'] }],
  [
    'phone number with a dash',
    address({ phone: '050-1234' }),
    { 'address.phone': ['The Phone number field may only contain numeric characters'] },
  ],
  [
    'phone number of 13 digits',
    address({ phone: '1234567890123' }),
    { 'address.phone': ['The Phone number field may not be greater than 12 characters'] },
  ],
  ...(
    [
      ['flat_number', 'Apartment/unit/villa/floor no.'],
      ['building_name', 'Building/Compound name/no.'],
      ['area', 'Area'],
    ] as const
  ).flatMap(([field, label]): Row[] => [
    [`${field} missing`, address({ [field]: '' }), { [`address.${field}`]: [`The ${label} field is required`] }],
    [
      `${field} of 1 character`,
      address({ [field]: 'A' }),
      { [`address.${field}`]: [`The ${label} field must be at least 2 characters`] },
    ],
    [
      `${field} of 256 characters`,
      address({ [field]: long(256) }),
      { [`address.${field}`]: [`The ${label} field may not be greater than 255 characters`] },
    ],
  ]),
  [
    'street of 1 character',
    address({ street_address: 'A' }),
    { 'address.street_address': ['The Street/Nearest landmark field must be at least 2 characters'] },
  ],
  [
    'street of 256 characters',
    address({ street_address: long(256) }),
    { 'address.street_address': ['The Street/Nearest landmark field may not be greater than 255 characters'] },
  ],
  [
    'postal code of 21 characters',
    address({ postal_code: long(21) }),
    { 'address.postal_code': ['The Postal code field may not be greater than 20 characters'] },
  ],
  ['birthday as yyyy-mm-dd', () => ({ birthday: '1992-03-14' }), { birthday: [BIRTHDAY_INVALID] }],
  ['birthday in 1900', () => ({ birthday: '14/03/1900' }), { birthday: [BIRTHDAY_INVALID] }],
  ['birthday of two parts', () => ({ birthday: '14/03' }), { birthday: [BIRTHDAY_INVALID] }],
  ['birthday as a number', () => ({ birthday: 19920314 }), { birthday: [BIRTHDAY_INVALID] }],
  [
    'birthday on 31 February',
    () => ({ birthday: '31/02/2000' }),
    { birthday: ['The Date of Birth field must be a real calendar date'] },
  ],
  [
    'birthday on 29 February of a common year',
    () => ({ birthday: '29/02/2001' }),
    { birthday: ['The Date of Birth field must be a real calendar date'] },
  ],
  [
    'birthday in the future',
    () => ({ birthday: inDays(3) }),
    { birthday: ['The Date of Birth field must not be in the future'] },
  ],
  ...['X', 'male', 'm'].map((gender): Row => [
    `gender ${gender}`,
    () => ({ gender }),
    { gender: ['Gender is not valid.'] },
  ]),
  ['timezone missing', () => ({ timezone: '' }), { timezone: ['The Timezone field is required'] }],
  ...['Mars/Olympus_Mons', 'asia/dubai', 'GMT+4'].map((timezone): Row => [
    `timezone ${timezone}`,
    () => ({ timezone }),
    { timezone: ['Timezone is not valid.'] },
  ]),
  ...[999_999, 99_999_999_999, 'Dubai', -1, 1.5].map((cityId): Row => [
    `city ${cityId}`,
    address({ city_id: cityId }),
    { 'address.city_id': ['City is not valid.'] },
  ]),
  [
    'neighborhoods of another city than the chosen one',
    () => ({ neighborhoods: [dubai.neighborhoods[0], sharjah.neighborhoods[0]] }),
    { neighborhoods: ['The Neighborhoods field must only contain neighborhoods of the chosen city'] },
  ],
  [
    'neighborhoods without a city',
    () => ({ address: { city_id: null } }),
    { neighborhoods: ['The Neighborhoods field must only contain neighborhoods of the chosen city'] },
  ],
  ...[999_999, 99_999_999_999].map((id): Row => [
    `neighborhood ${id}, which does not exist`,
    () => ({ neighborhoods: [{ id, name: 'Nowhere' }] }),
    { neighborhoods: ['The Neighborhoods field must only contain neighborhoods of the chosen city'] },
  ]),
  ['neighborhoods not a list', () => ({ neighborhoods: 'all' }), { neighborhoods: ['Neighborhoods is not valid.'] }],
  // Text PostgreSQL cannot store (NUL) or that is no text (half a surrogate pair): refused, never a 500 or a U+FFFD.
  ['first name with NUL', () => ({ first_name: 'Am\u0000ira' }), { first_name: ['First name is not valid.'] }],
  ['last name with a line break', () => ({ last_name: 'Sa\nleh' }), { last_name: ['Last name is not valid.'] }],
  [
    'last name with half a surrogate pair',
    () => ({ last_name: 'Sa\uD800leh' }),
    { last_name: ['Last name is not valid.'] },
  ],
  ...(
    [
      ['flat_number', 'Apartment/unit/villa/floor no.'],
      ['building_name', 'Building/Compound name/no.'],
      ['street_address', 'Street/Nearest landmark'],
      ['area', 'Area'],
      ['postal_code', 'Postal code'],
      ['region', 'Region'],
    ] as const
  ).map(([field, label]): Row => [
    `${field} with NUL`,
    address({ [field]: 'Dubai\u0000 Marina' }),
    { [`address.${field}`]: [`${label} is not valid.`] },
  ]),
  [
    'phone number with an escape character',
    address({ phone: '\u001b501234' }),
    { 'address.phone': ['Phone number is not valid.'] },
  ],
  [
    'a company name on an individual account',
    () => ({ company: { name: 'Side Business', web: '' } }),
    { company: ['Only company accounts have a company name and website'] },
  ],
];

const companyRows: Row[] = [
  [
    'company name missing',
    () => ({ company: { web: '' } }),
    { 'company.name': ['The Company name field is required'] },
  ],
  ['no company at all', () => ({ company: undefined }), { 'company.name': ['The Company name field is required'] }],
  [
    'company name of 1 character',
    () => ({ company: { name: 'G', web: '' } }),
    { 'company.name': ['The Company name field must be at least 2 characters'] },
  ],
  [
    'company name of 256 characters',
    () => ({ company: { name: long(256), web: '' } }),
    { 'company.name': ['The Company name field may not be greater than 255 characters'] },
  ],
  [
    'company website of 1 character',
    () => ({ company: { name: 'Gulf Goods', web: 'g' } }),
    { 'company.web': ['The Company website field must be at least 2 characters'] },
  ],
  [
    'company name with NUL',
    () => ({ company: { name: 'Gulf\u0000Goods', web: '' } }),
    { 'company.name': ['Company name is not valid.'] },
  ],
  [
    'company website with half a surrogate pair',
    () => ({ company: { name: 'Gulf Goods', web: 'https://\uDC00.example' } }),
    { 'company.web': ['Company website is not valid.'] },
  ],
  [
    'company website of 256 characters',
    () => ({ company: { name: 'Gulf Goods', web: long(256) } }),
    { 'company.web': ['The Company website field may not be greater than 255 characters'] },
  ],
];

async function expectRefused(user: { client: BrowserLikeClient; saved: Profile }, body: unknown, errors: object) {
  const response = await user.client.put('/user/profile', body);
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ message: 'The given data was invalid.', errors });
  expect(await readProfile(user.client)).toEqual(user.saved);
}

describe('PUT /user/profile refuses each invalid field with 422 on that field and changes nothing', () => {
  it.each(individualRows)('individual account: %s', async (_label, changes, errors) => {
    const { address: addressChanges, ...rest } = changes();
    const body = validProfileUpdate(dubai, {
      ...rest,
      ...(addressChanges !== undefined && { address: addressChanges as Record<string, unknown> }),
    });
    await expectRefused(individual, body, errors);
  });

  it.each(companyRows)('company account: %s', async (_label, changes, errors) => {
    await expectRefused(company, validProfileUpdate(dubai, changes()), errors);
  });

  it('reports every failing field of one request together, the server-only rules included', async () => {
    const body = validProfileUpdate(dubai, {
      first_name: '',
      birthday: '31/02/2000',
      timezone: 'Mars/Olympus_Mons',
      address: { phone: 'call me', city_id: 999_999 },
      image: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    await expectRefused(individual, body, {
      first_name: ['The First name field is required'],
      birthday: ['The Date of Birth field must be a real calendar date'],
      'address.phone': ['The Phone number field may only contain numeric characters'],
      timezone: ['Timezone is not valid.'],
      'address.city_id': ['City is not valid.'],
      image: ['The Image field must be an image'],
    });
  });

  it('answers a body that is not an object with 422, not 500', async () => {
    const { client } = individual;
    for (const body of [[], 'profile', 42, null]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/user/profile',
        headers: {
          'content-type': 'application/json',
          cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-csrf-token': client.csrfToken ?? '',
        },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toMatchObject({ message: 'The given data was invalid.' });
    }
    expect(await readProfile(individual.client)).toEqual(individual.saved);
  });
});
