import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseLanguage } from './support/languages';
import { signIn } from './support/accounts';
import { api, csrfToken, publishPhone } from './support/listings';

test.describe.configure({ timeout: 60_000 });

/**
 * Where a chevron drawn with two borders of a square and a rotation points: the corner where its
 * two borders meet, turned by its transform, seen from the square's centre.
 */
const dividerPointsTo = (divider: Locator) =>
  divider.evaluate((element) => {
    const style = getComputedStyle(element, '::before');
    const drawn = (side: string) =>
      style.getPropertyValue(`border-${side}-style`) !== 'none' &&
      parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0;
    const x = drawn('right') ? 1 : drawn('left') ? -1 : 0;
    const y = drawn('bottom') ? 1 : drawn('top') ? -1 : 0;
    const turn = new DOMMatrix(style.transform === 'none' ? undefined : style.transform);
    const across = turn.a * x + turn.c * y;
    const down = turn.b * x + turn.d * y;
    if (x === 0 || y === 0) return `not a chevron (${style.content})`;
    return Math.abs(across) > Math.abs(down) ? (across > 0 ? 'right' : 'left') : down > 0 ? 'down' : 'up';
  });

/**
 * Which side of the character before it a full stop is drawn on, in the first text of `scope`
 * holding `text` (which ends with the full stop).
 */
const fullStopSide = (scope: Locator, text: string) =>
  scope.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const box = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect();
      };
      const stop = box(at + wanted.length - 1);
      const before = box(at + wanted.length - 2);
      return stop.left >= before.right - 1 ? 'after it, to its right' : 'to its left';
    }
    return `no text “${wanted}”`;
  }, text);

async function breadcrumbDividers(page: Page) {
  const crumbs = page.getByRole('navigation', { name: /^(Breadcrumb|مسار التنقل)$/ }).locator('.breadcrumb-item');
  await expect(crumbs).toHaveCount(3);
  return [await dividerPointsTo(crumbs.nth(1)), await dividerPointsTo(crumbs.nth(2))];
}

test('breadcrumb chevrons point the way the text reads: right in English, left in Arabic', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/c/mobile-phones');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Mobile phones');
  expect(await breadcrumbDividers(page)).toEqual(['right', 'right']);

  await chooseLanguage(context, baseURL, 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('هواتف محمولة');
  expect(await breadcrumbDividers(page)).toEqual(['left', 'left']);
});

test('in Arabic, a listing’s English title keeps its full stop on its own side, inside the quote marks', async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  // A title that ends with a full stop, inside Arabic sentences: its history's heading, its order's.
  const title = `Pixel ${Date.now().toString(36)} in great shape.`;
  const listing = await publishPhone(page, { first_name: 'Samir', last_name: 'Haddad' }, title);
  await chooseLanguage(context, baseURL, 'ar');
  await page.goto(`/account/items/history?listing=${listing.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const escaped = title.replaceAll('.', '\\.');
  const history = page.getByRole('main').getByRole('heading', { name: new RegExp(`^سجل «${escaped}»$`) });
  await expect(history).toBeVisible();
  expect(await fullStopSide(history, 'shape.')).toBe('after it, to its right');

  const buyerContext = await browser.newContext();
  await chooseLanguage(buyerContext, baseURL, 'ar');
  const buyer = await buyerContext.newPage();
  await signIn(buyer, { first_name: 'هدى', last_name: 'صالح' });
  await buyer.goto('/');
  const order = await api(buyer.request, await csrfToken(buyer), 'POST', '/api/orders', {
    listing_id: listing.id,
    kind: 'offer',
    offer_fils: 100_000,
    delivery_method: 'pickup',
  });
  await buyer.goto(`/orders/${order.data.id}`);
  const heading = buyer.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`الطلب رقم ${order.data.id} · ${title}`);
  expect(await fullStopSide(heading, 'shape.')).toBe('after it, to its right');
  await buyerContext.close();
});
