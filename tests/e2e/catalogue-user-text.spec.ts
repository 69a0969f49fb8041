import { expect, test } from '@playwright/test';
import { publishPhone } from './support/listings';

test("a listing titled with $' $` $& $1 $<name> $$ shows its title once as written, nothing below the footer", async ({
  browser,
  page,
}) => {
  // What String.prototype.replace reads as patterns in a replacement string.
  const title = `Lamp $' and $\` and $& $1 $<name> $$ ${Date.now().toString(36)}`;
  const sellerContext = await browser.newContext();
  const created = await publishPhone(await sellerContext.newPage(), undefined, title);
  await sellerContext.close();

  await page.goto(`/items/${created.id}/${created.slug}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('footer.site-footer')).toBeVisible();
  const seen = await page.evaluate(() => {
    const footer = document.querySelector('footer.site-footer');
    const after: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const following = footer && footer.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (!following || footer.contains(node) || node.parentElement?.closest('script, style, noscript')) continue;
      const text = node.textContent?.trim();
      if (text) after.push(text);
    }
    return { text: document.body.innerText, after };
  });
  expect(seen.after).toEqual([]);
  expect(seen.text.split(title)).toHaveLength(2);
  await expect(page).toHaveTitle(`${title} · Marketplace`);
});
