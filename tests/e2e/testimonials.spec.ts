import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { chooseLanguage } from './support/languages';

test('the home page in Arabic shows the testimonials, a rightwards swipe brings the next, and axe finds nothing on it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  // The slider's words come with the page: it never asks for them.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/testimonials') asked.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const slider = page.getByRole('region', { name: 'آراء المستخدمين' });
  await expect(slider).toHaveAttribute('aria-roledescription', 'عرض متتابع');
  await slider.scrollIntoViewIfNeeded();
  // The turning slider's code comes as the section nears the screen. The browser tests ask for
  // reduced motion (playwright.config.ts), so it waits stopped: its start button says it is here.
  await expect(slider.getByRole('button', { name: 'شغّل تتابع الآراء' })).toBeVisible();

  // Pointing at it would stop it turning too: the slide before the swipe is known.
  const box = await slider.locator('[aria-live]').boundingBox();
  if (!box) throw new Error('the slides are not laid out');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await expect(slider.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  const current = slider.locator('[aria-roledescription="شريحة"]:not([aria-hidden])');
  const before = await current.getAttribute('aria-label');
  const place = Number(/^(\d+)/.exec(before ?? '')?.[1]);
  const count = Number(/(\d+)$/.exec(before ?? '')?.[1]);

  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, y, { steps: 4 });
  await page.mouse.up();
  await expect(current).toHaveAttribute('aria-label', `${(place % count) + 1} من ${count}`);
  await expect(current).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).include('[aria-roledescription="عرض متتابع"]').analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
  expect(asked).toEqual([]);
  await context.close();
});
