import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { languageSwitch } from './support/languages';
import { field, fillRequiredAddress, toast } from './support/profile-form';

/** Where a field's label sits against its input: right to left, it starts at the input's right edge. */
async function labelSide(page: Page, label: string) {
  const input = await field(page, label).boundingBox();
  const caption = await page.locator('label').filter({ hasText: label }).first().boundingBox();
  if (!input || !caption) throw new Error(`no box for ${label}`);
  return {
    alignedRight: Math.abs(caption.x + caption.width - (input.x + input.width)) <= 2,
    alignedLeft: Math.abs(caption.x - input.x) <= 2,
  };
}

test.describe('the profile screen in Arabic', () => {
  test('switching mirrors the form, speaks Arabic, and switching back keeps what was typed', async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto('/profile');
    await field(page, 'First name').fill('Mariam');
    await field(page, 'Street/Nearest landmark').fill('Near the souk');
    expect(await labelSide(page, 'First name')).toEqual({ alignedRight: false, alignedLeft: true });

    await languageSwitch(page, 'العربية').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page).toHaveTitle('الملف الشخصي · السوق');
    await expect(page.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeVisible();
    await expect(page.locator('#direction-styles')).toHaveAttribute('href', /bootstrap\.rtl\.min-/);
    // What was typed in English is still there, under Arabic labels placed on the right.
    await expect(field(page, 'الاسم الأول')).toHaveValue('Mariam');
    await expect(field(page, 'الشارع/أقرب معلم')).toHaveValue('Near the souk');
    expect(await labelSide(page, 'الاسم الأول')).toEqual({ alignedRight: true, alignedLeft: false });

    // An invalid field says so in Arabic, under the field, without a request.
    await field(page, 'الاسم الأول').fill('');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('حقل الاسم الأول مطلوب')).toBeVisible();
    await expect(field(page, 'الاسم الأول')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'الاسم الأول').fill('مريم');
    await fillRequiredAddress(page, 'ar');
    await page.getByRole('button', { name: 'حفظ' }).click();
    const saved = toast(page, 'تم تحديث الملف الشخصي');
    await expect(saved).toBeVisible();
    // Toasts mirror too: bottom-left, the inline end right to left.
    await expect(page.locator('.Toastify__toast-container')).toHaveClass(/--bottom-left/);

    await field(page, 'المنطقة').fill('Al Barsha');
    await languageSwitch(page, 'English').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(field(page, 'Area')).toHaveValue('Al Barsha');
    await expect(field(page, 'First name')).toHaveValue('مريم');
    await expect(field(page, 'Street/Nearest landmark')).toHaveValue('Near the souk');
    await expect(page.locator('#direction-styles')).toHaveAttribute('href', /bootstrap\.min-/);
  });

  test('phone numbers read left to right: +971 is not drawn 971+', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await languageSwitch(page, 'العربية').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const prefix = field(page, 'رمز الدولة');
    await prefix.fill('+971');
    for (const input of [prefix, field(page, 'رقم الهاتف')]) {
      expect(await input.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    }
  });

  test('a message the server sends back is in Arabic too', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await languageSwitch(page, 'العربية').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await fillRequiredAddress(page, 'ar');
    await page.route('**/user/profile', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, timezone: 'Mars/Olympus_Mons' }) });
    });
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(toast(page, 'البيانات المُدخلة غير صالحة.')).toBeVisible();
    await expect(page.getByText('قيمة المنطقة الزمنية غير صالحة.')).toBeVisible();
  });

  test('cities and neighborhoods are named in Arabic, and chosen ones follow the switch', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await languageSwitch(page, 'العربية').click();
    const city = page.getByRole('combobox', { name: 'المدينة', exact: true });
    await city.click();
    await city.fill('دبي');
    await page.getByRole('option', { name: 'دبي', exact: true }).click();
    const neighborhoods = page.getByRole('combobox', { name: 'الأحياء' });
    await neighborhoods.click();
    await neighborhoods.fill('مارينا');
    await page.getByRole('option', { name: 'دبي مارينا', exact: true }).click();
    await neighborhoods.press('Escape');
    await expect(page.getByRole('button', { name: 'إزالة دبي مارينا' })).toBeVisible();

    await languageSwitch(page, 'English').click();
    await expect(page.getByRole('button', { name: 'Remove Dubai Marina' })).toBeVisible();
    await expect(page.locator('.profile-form').getByText('Dubai', { exact: true })).toBeVisible();
  });
});
