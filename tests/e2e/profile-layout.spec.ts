import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { choose, field, fillRequiredAddress, toast } from './support/profile-form';

test.describe('the profile screen, on a phone, by keyboard and to assistive technology', () => {
  test('is one usable column on a 375px-wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto('/profile');
    const first = await field(page, 'First name').boundingBox();
    const last = await field(page, 'Last name').boundingBox();
    expect(first && last && Math.abs(first.x - last.x)).toBeLessThan(1);
    expect(first && last && last.y > first.y).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await fillRequiredAddress(page);
    await choose(page, 'City', 'Abu Dhabi');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
  });

  test('has the sizes of SPEC §9', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCSS('min-height', '56px');
    const cityControl = page
      .locator('.profile-form [class*="-control"]')
      .filter({ has: page.getByRole('combobox', { name: 'City' }) });
    expect((await cityControl.boundingBox())?.height).toBe(55);
    const neighborhoodsControl = page
      .locator('.profile-form [class*="-control"]')
      .filter({ has: page.getByRole('combobox', { name: 'Neighborhoods' }) });
    expect((await neighborhoodsControl.boundingBox())?.height).toBeGreaterThanOrEqual(53);
    await page.getByRole('combobox', { name: 'Timezone' }).click();
    const list = page.getByRole('listbox');
    expect((await list.boundingBox())?.height).toBeLessThanOrEqual(240);
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('width', '80');
  });

  test('can be filled in and saved with the keyboard alone', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await field(page, 'Phone number').focus();
    await page.keyboard.type('501234567');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Villa 7');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Palm Residence');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Near the beach');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jumeirah');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'City', exact: true })).toBeFocused();
    await page.keyboard.type('Dubai');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Neighborhoods' })).toBeFocused();
    await page.keyboard.type('Marina');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const save = page.getByRole('button', { name: 'Save' });
    const isFocused = () => save.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 5 && !(await isFocused()); presses += 1) await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Dubai Marina')).toBeVisible();
    await expect(field(page, 'Area')).toHaveValue('Jumeirah');
  });

  test('has no accessibility violations', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await expect(field(page, 'First name')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
