import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eHooks } from './support/sign-in';

const toasts = (page: Page) => page.locator('.Toastify__toast');

/** A toast slides in; measure it where it comes to rest. */
async function settled(toast: Locator) {
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return toast.boundingBox();
}

async function notify(page: Page, kind: 'success' | 'error' | 'info', ...messages: string[]) {
  await e2eHooks(page);
  await page.evaluate(([type, texts]) => texts.forEach((text) => window.marketplaceE2E?.notify[type](text)), [
    kind,
    messages,
  ] as const);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('a toast appears bottom-right, between 326 and 600 px wide and at least 64 px high', async ({ page }) => {
  await notify(page, 'success', 'Profile updated');
  const toast = page.getByRole('alert').filter({ hasText: 'Profile updated' });
  await expect(toast).toBeVisible();
  const box = await settled(toast);
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the toast has no box');
  expect(box.width).toBeGreaterThanOrEqual(326);
  expect(box.width).toBeLessThanOrEqual(600);
  expect(box.height).toBeGreaterThanOrEqual(64);
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
  expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(48);
  expect(box.x).toBeGreaterThan(viewport.width / 2);
});

test('below 600 px a toast takes the full width at the bottom', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await notify(page, 'error', 'The given data was invalid.');
  const box = await settled(page.getByRole('alert').filter({ hasText: 'The given data was invalid.' }));
  if (!box) throw new Error('the toast has no box');
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.width)).toBe(375);
  expect(Math.round(box.y + box.height)).toBe(740);
});

test('a toast hides by itself when its 5000 ms run out, and waits while hovered', async ({ page }) => {
  await notify(page, 'info', 'Saved as draft');
  const toast = toasts(page).filter({ hasText: 'Saved as draft' });
  await expect(toast).toBeVisible();
  const timer = toast.getByRole('progressbar', { name: 'notification timer', includeHidden: true });
  await expect(timer).toHaveCSS('animation-duration', '5s');

  await toast.hover();
  await expect(timer).toHaveCSS('animation-play-state', 'paused');
  await page.mouse.move(0, 0);
  await expect(timer).toHaveCSS('animation-play-state', 'running');

  // Run the timer to its end rather than wait five seconds.
  await timer.evaluate((element) => element.getAnimations().forEach((animation) => animation.finish()));
  await expect(toast).toHaveCount(0);
});

test('clicking a toast closes it', async ({ page }) => {
  await notify(page, 'success', 'Click to close me');
  const toast = toasts(page).filter({ hasText: 'Click to close me' });
  await toast.click();
  await expect(toast).toHaveCount(0);
});

test('at most 20 toasts show at once; the next waits for a place', async ({ page }) => {
  await notify(page, 'info', ...Array.from({ length: 25 }, (_, index) => `Message ${index + 1}`));
  await expect(toasts(page)).toHaveCount(20);
  await expect(toasts(page).filter({ hasText: /^Message 21$/ })).toHaveCount(0);

  await toasts(page)
    .filter({ hasText: /^Message 1$/ })
    .click();
  await expect(toasts(page).filter({ hasText: /^Message 21$/ })).toBeVisible();
  await expect(toasts(page)).toHaveCount(20);
});
