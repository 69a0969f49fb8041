import { expect, test, type Locator } from '@playwright/test';
import { signIn } from './support/accounts';
import { publishPhone } from './support/listings';

const productPath = (listing: { id: number; slug: string }) => `/items/${listing.id}/${listing.slug}`;

/** Whether a click at the middle of `target` reaches it, not something drawn over it. */
const reachable = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });

test.use({ viewport: { width: 1280, height: 800 } });

test('the list beside a conversation shows one just started, and a long last message stays in its column', async ({
  browser,
  page: buyer,
}) => {
  const seller = await (await browser.newContext()).newPage();
  const listing = await publishPhone(seller, { first_name: 'Samir', last_name: 'Haddad' });
  await signIn(buyer, { first_name: 'Noura', last_name: 'Khalil' });
  await buyer.goto('/messages');
  await expect(buyer.getByText(/^No conversations yet\./)).toBeVisible();

  // "Message seller": the new conversation, with no message yet, is in the list and marked open.
  await buyer.goto(productPath(listing));
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  await expect(buyer).toHaveURL(/\/messages\/\d+$/);
  const list = buyer.getByRole('list', { name: 'Messages', exact: true });
  await expect(list.getByRole('link', { name: /Samir H\./ })).toHaveAttribute('aria-current', 'page');
  await expect(buyer.getByText(/^No conversations yet\./)).toHaveCount(0);

  // A long message: its preview is cut to the list's column, and the conversation's buttons stay clickable.
  const long = `Is it still available? ${'Mostly-unbroken-words-'.repeat(30)}end`;
  await buyer.getByRole('textbox', { name: 'Write a message' }).fill(long);
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  const preview = list.getByText(/^You: Is it still available\?/);
  await expect(preview).toBeVisible();
  const column = await buyer.locator('.chat-list-pane').boundingBox();
  const previewBox = await preview.boundingBox();
  expect(previewBox && column && previewBox.x + previewBox.width).toBeLessThanOrEqual(
    (column?.x ?? 0) + (column?.width ?? 0),
  );
  for (const name of ['Archive', 'Report']) {
    const button = buyer.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    expect(await reachable(button), `${name} is covered`).toBe(true);
  }
});
