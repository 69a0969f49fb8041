import { expect, test } from '@playwright/test';
import { api, csrfToken, publishPhone, readyPhoneDraft } from './support/listings';

test.describe.configure({ timeout: 60_000 });

test('My listings: a live listing’s title and photo open its page; a draft’s open the wizard where it stopped', async ({
  page,
}) => {
  const live = await publishPhone(page);
  const readyTitle = `Ready draft ${Date.now().toString(36)}`;
  const ready = await readyPhoneDraft(page, readyTitle);
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    data: { id: number; slug: string }[];
  };
  const started = await api(page.request, await csrfToken(page), 'POST', '/api/listings', {
    category_id: categories.data.find((category) => category.slug === 'mobile-phones')?.id,
  });

  await page.goto('/account/items?status=active');
  const main = page.getByRole('main');
  const card = main.getByRole('listitem', { name: live.title });
  await card.getByRole('link', { name: live.title, exact: true }).click();
  await expect(page).toHaveURL(`/items/${live.id}/${live.slug}`);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(live.title);

  await page.goBack();
  await card.locator('img').click();
  await expect(page).toHaveURL(`/items/${live.id}/${live.slug}`);

  // A draft with everything publishing needs opens on its review, ready to publish.
  await page.goto('/account/items?status=draft');
  await main.getByRole('listitem', { name: readyTitle }).getByRole('link', { name: readyTitle, exact: true }).click();
  await expect(page).toHaveURL(`/items/${ready}/edit`);
  await expect(main.getByRole('heading', { level: 2, name: 'Review and publish' })).toBeVisible();
  await expect(main.getByText('Everything is ready: publish your listing.')).toBeVisible();

  // One with only its category opens where the seller stopped: its details.
  await page.goto('/account/items?status=draft');
  await main.getByRole('listitem', { name: 'Untitled draft' }).locator('img, .listing-thumb').first().click();
  await expect(page).toHaveURL(`/items/${started.data.id}/edit`);
  await expect(main.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
});
