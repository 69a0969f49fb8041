import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken } from './support/listings';

test.describe.configure({ timeout: 60_000 });

/** A seller publishes a car through the API, as the wizard would: a 2022 Toyota with 48,500 km. */
async function publishCar(page: Page) {
  await signIn(page, { first_name: 'Khalid', last_name: 'Mansour' });
  await page.goto('/');
  const csrf = await csrfToken(page);
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    data: { id: number; slug: string }[];
  };
  const cities = (await (await page.request.get('/cities')).json()) as { data: { id: number; name: string }[] };
  const draft = await api(page.request, csrf, 'POST', '/api/listings', {
    category_id: categories.data.find((category) => category.slug === 'cars')?.id,
  });
  const title = `Toyota Corolla ${Date.now().toString(36)}`;
  await api(page.request, csrf, 'PATCH', `/api/listings/${draft.data.id}`, {
    title,
    description: 'One owner, full service history with the dealer.',
    condition: 'good',
    price_fils: 6_500_000,
    negotiable: true,
    attributes: { brand: 'toyota', model: 'Corolla', year: 2022, kilometres: 48_500, transmission: 'automatic' },
    city_id: cities.data.find((city) => city.name === 'Dubai')?.id,
    pickup: true,
    delivery: false,
  });
  for (const red of [60, 200]) {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: red, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const response = await page.request.post(`/api/listings/${draft.data.id}/photos`, {
      data: photo,
      headers: { 'content-type': 'image/jpeg', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.status()).toBe(201);
  }
  const published = await api(page.request, csrf, 'POST', `/api/listings/${draft.data.id}/publish`);
  return { path: `/items/${published.data.id}/${String(published.data.slug)}`, title };
}

/** The product page's details, each label with its value. */
async function details(page: Page) {
  const region = page.getByRole('main').getByRole('region', { name: /^(Details|التفاصيل)$/ });
  await expect(region.locator('dt').first()).toBeVisible();
  return region
    .locator('dl > div')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']),
      ),
    );
}

test('a car’s year reads 2022 and its kilometres grouped with their unit, on its page and in the search chips', async ({
  browser,
  page,
}) => {
  const sellerContext = await browser.newContext();
  const car = await publishCar(await sellerContext.newPage());
  await sellerContext.close();

  await page.goto(car.path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(car.title);
  expect(await details(page)).toMatchObject({ Year: '2022', Kilometres: '48,500 km', Transmission: 'Automatic' });
  await expect(page.getByRole('main').getByText('2,022')).toHaveCount(0);

  await page.goto('/search?category=cars&a.year=2020-2023&a.kilometres=-100000');
  const chips = page.getByRole('list', { name: 'Chosen filters' });
  await expect(chips.getByRole('button', { name: 'Remove Year: 2020–2023' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Remove Kilometres: up to 100,000 km' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(car.title) })).toBeVisible();
});

test('in Arabic the year has no separator either, and the counts keep the language’s digits and grouping', async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  const sellerContext = await browser.newContext();
  const car = await publishCar(await sellerContext.newPage());
  await sellerContext.close();

  await chooseLanguage(context, baseURL, 'ar');
  await page.goto(car.path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The browser's own Arabic number format, the one the page uses (ar-AE).
  const [year, from, to, kilometres, upTo] = await page.evaluate(() => {
    const plain = new Intl.NumberFormat('ar-AE', { useGrouping: false });
    const grouped = new Intl.NumberFormat('ar-AE');
    return [
      plain.format(2022),
      plain.format(2020),
      plain.format(2023),
      grouped.format(48_500),
      grouped.format(100_000),
    ];
  });
  expect(await details(page)).toMatchObject({
    'سنة الصنع': year,
    'المسافة المقطوعة': `${kilometres} كم`,
    'ناقل الحركة': 'أوتوماتيكي',
  });
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map(({ id }) => id)).toEqual([]);

  await page.goto('/search?category=cars&a.year=2020-2023&a.kilometres=-100000');
  const chips = page.getByRole('list', { name: 'التصفيات المختارة' });
  await expect(chips.getByRole('button', { name: `إزالة من ${from} إلى ${to} (سنة الصنع)` })).toBeVisible();
  await expect(chips.getByRole('button', { name: `إزالة حتى ${upTo} كم (المسافة المقطوعة)` })).toBeVisible();
});
