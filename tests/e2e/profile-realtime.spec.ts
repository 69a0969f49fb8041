import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { field, fillRequiredAddress, toast } from './support/profile-form';
import { expectSubscriptions } from './support/realtime';

test.describe('the profile in real time', () => {
  test("a save in one tab shows in the user's other tab without a reload, and in no one else's", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signIn(page, { first_name: 'Layal' });
    const me = (await (await page.request.get('/user')).json()) as { data: { id: number } };
    const otherTab = await page.context().newPage();
    await otherTab.goto('/profile');
    await page.goto('/profile');
    const stranger = await browser.newContext();
    const strangersPage = await stranger.newPage();
    await signIn(strangersPage, { first_name: 'Karim' });
    await strangersPage.goto('/profile');
    await expect(field(otherTab, 'First name')).toHaveValue('Layal');
    await expect(field(strangersPage, 'First name')).toHaveValue('Karim');
    await expectSubscriptions(baseURL, `private-user.${me.data.id}`, 2);

    await field(page, 'First name').fill('Layla');
    await fillRequiredAddress(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    await expect(field(otherTab, 'First name')).toHaveValue('Layla', { timeout: 15_000 });
    await expect(field(otherTab, 'Phone number')).toHaveValue('501234567');
    await expect(otherTab.getByRole('button', { name: /Layla/ }).first()).toBeVisible();
    await expect(field(strangersPage, 'First name')).toHaveValue('Karim');
    await stranger.close();
  });
});
