import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

/** How dark the strip is just inside its left or right edge, above the tabs' text: 0 white, 255 black. */
async function edgeShade(page: Page, strip: Locator, edge: 'left' | 'right'): Promise<number> {
  const box = await strip.boundingBox();
  if (!box) throw new Error('the tabs are not drawn');
  const x = Math.round(edge === 'left' ? box.x + 4 : box.x + box.width - 6);
  const shot = await page.screenshot({ clip: { x, y: Math.round(box.y + 3), width: 2, height: 2 } });
  const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  return 255 - Math.min(data[0] ?? 255, data[1] ?? 255, data[2] ?? 255);
}

for (const language of ['en', 'ar'] as const) {
  const [start, end] = language === 'ar' ? (['right', 'left'] as const) : (['left', 'right'] as const);
  test(`My listings’ tabs on a phone show a shadow where more tabs wait (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseLanguage(context, baseURL, language);
    await signIn(page, { first_name: 'Rania', last_name: 'Saleh' });
    await page.goto('/account/items');
    const strip = page
      .getByRole('navigation', { name: language === 'ar' ? 'الإعلانات حسب الحالة' : 'Listings by state' })
      .getByRole('list');
    await expect(strip.getByRole('link').first()).toBeVisible();
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    // At the start of the reading direction: a shadow at its end, where the tabs go on; none at its start.
    expect(await edgeShade(page, strip, end)).toBeGreaterThan(20);
    expect(await edgeShade(page, strip, start)).toBeLessThan(8);

    // Scrolled to the last tab: the other way round.
    await strip.evaluate(
      (element, rtl) => element.scrollTo({ left: rtl ? -element.scrollWidth : element.scrollWidth }),
      language === 'ar',
    );
    await expect.poll(() => edgeShade(page, strip, start)).toBeGreaterThan(20);
    expect(await edgeShade(page, strip, end)).toBeLessThan(8);
  });
}
