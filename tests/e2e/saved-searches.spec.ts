import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { api, csrfToken, publishPhone } from './support/listings';
import { subscribedTo } from './support/realtime';

test('a new listing matching a saved search produces one alert, and the search opens from its page', async ({
  page,
  browser,
}) => {
  const word = `zq${Date.now().toString(36)}`;
  await signIn(page);
  const joined = subscribedTo(page, 'private-user.');
  await page.goto(`/search?q=${word}`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill(`Phones ${word}`);
  await expect(page.getByRole('radio', { name: 'As soon as something new is listed' })).toBeChecked();
  await page.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved.')).toBeVisible();

  const seller = await browser.newContext();
  await publishPhone(await seller.newPage(), undefined, `Pixel ${word} in great shape`);
  await seller.close();

  // The server looks for new matches once a minute; the test hook runs that job now, for this user,
  // whose page hears of it once it is on their private channel.
  await joined;
  await api(page.request, await csrfToken(page), 'POST', '/api/test/saved-searches/alerts');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await page.goto('/notifications');
  const alerts = page.getByRole('main').getByRole('link', { name: /matches “Phones/ });
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toHaveText(`A new listing matches “Phones ${word}”`);

  await page.goto('/account/saved-searches');
  const row = page.getByRole('listitem', { name: `Phones ${word}` });
  await expect(row).toContainText('1 new');
  await row.getByRole('link', { name: `Phones ${word}` }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('main').getByText(`Pixel ${word} in great shape`)).toBeVisible();
});
