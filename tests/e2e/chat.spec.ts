import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { publishPhone } from './support/listings';
import { subscribedTo } from './support/realtime';

const productPath = (listing: { id: number; slug: string }) => `/items/${listing.id}/${listing.slug}`;
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages in this conversation' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Write a message' });
/** A photo of one colour, as a phone would send it. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();

test('buyer and seller chat live: typing, a reply, a photo, "read", and three messages missed while away', async ({
  browser,
}) => {
  test.slow();
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const listing = await publishPhone(seller, { first_name: 'Samir', last_name: 'Haddad' });
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, { first_name: 'Noura', last_name: 'Khalil' });

  // "Message seller" opens the conversation; the same one on the next click.
  await buyer.goto(productPath(listing));
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  await expect(buyer).toHaveURL(/\/messages\/\d+$/);
  const conversationPath = new URL(buyer.url()).pathname;
  await expect(buyer.getByRole('heading', { level: 1, name: 'Samir H.' })).toBeVisible();
  const buyerJoined = subscribedTo(buyer, 'private-conversation.');
  await buyer.goto(productPath(listing));
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  await expect(buyer).toHaveURL(conversationPath);

  // The seller has it open; the buyer's typing shows there before the message arrives (once both
  // pages are on the conversation's channel: typing is of the moment, nobody hears it later).
  await composer(buyer).fill('Hello! Is it still available?');
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  const sellerJoined = subscribedTo(seller, 'private-conversation.');
  await seller.goto(conversationPath);
  await expect(messageList(seller).getByText('Hello! Is it still available?')).toBeVisible();
  await Promise.all([buyerJoined, sellerJoined]);
  await composer(buyer).pressSequentially('Also, ', { delay: 50 });
  await expect(seller.getByText('Noura K. is typing…')).toBeVisible();
  // The name in its own direction (<bdi>), so a Latin name keeps its place in an Arabic line.
  await expect(seller.locator('.chat-typing bdi')).toHaveText('Noura K.');
  await composer(buyer).press('Shift+Enter');
  await composer(buyer).pressSequentially('can I pick it up today?');
  await composer(buyer).press('Enter');
  await expect(messageList(seller).getByText(/Also,\s+can I pick it up today\?/)).toBeVisible();
  await expect(seller.getByText('Noura K. is typing…')).toBeHidden();

  // The seller's open page read it: the buyer sees "Read" on their message, without a reload.
  const buyerLast = messageList(buyer).locator('.chat-bubble-row').filter({ hasText: 'can I pick it up today?' });
  await expect(buyerLast.getByText('Read')).toBeVisible();
  await composer(seller).fill('Yes, see www.example.com/map for where to find me.');
  await composer(seller).press('Enter');
  const reply = messageList(buyer).getByRole('link', { name: 'www.example.com/map' });
  await expect(reply).toHaveAttribute('href', 'https://www.example.com/map');
  await expect(reply).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // The seller replies with a photo: shown at once with its progress, then on the buyer's page,
  // live, where it opens full size.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await seller.route('**/api/conversations/*/photos?*', async (route) => {
    await held;
    await route.continue();
  });
  await seller
    .getByTestId('chat-photo-input')
    .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 600) });
  await expect(seller.getByRole('progressbar', { name: 'Uploading the photo' })).toBeVisible();
  await expect(messageList(seller).getByRole('img', { name: 'Your photo' })).toBeVisible();
  release();
  await expect(seller.getByRole('progressbar')).toBeHidden();
  await expect(messageList(seller).getByRole('button', { name: 'Your photo' })).toBeVisible();
  const received = messageList(buyer).getByRole('button', { name: 'Photo from Samir H.' });
  await expect(received).toBeVisible();
  await expect
    .poll(() => received.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(480);
  await received.click();
  const viewer = buyer.getByRole('dialog', { name: 'Photo from Samir H.' });
  await expect(viewer).toBeVisible();
  await expect.poll(() => viewer.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
  await buyer.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(received).toBeFocused();
  await expect(messageList(seller).locator('.chat-bubble-row').last().getByText('Read')).toBeVisible();

  // The seller goes away; three messages later, they come back to all three, in order, once.
  const sellerAway = subscribedTo(seller, 'private-user.');
  await seller.goto('/');
  await sellerAway;
  for (const text of ['First while away', 'Second while away', 'Third while away']) {
    await composer(buyer).fill(text);
    await composer(buyer).press('Enter');
    await expect(messageList(buyer).getByText(text)).toBeVisible();
  }
  await expect(seller.getByRole('link', { name: /Messages, 3 unread/ })).toBeVisible();
  await seller.getByRole('link', { name: /Messages, 3 unread/ }).click();
  await seller.getByRole('link', { name: /Noura K\./ }).click();
  await expect(messageList(seller).getByText('Third while away')).toBeVisible();
  const texts = await messageList(seller).locator('.chat-text').allTextContents();
  expect(texts.slice(-3)).toEqual(['First while away', 'Second while away', 'Third while away']);
  expect(texts.filter((text) => text === 'First while away')).toHaveLength(1);
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  await sellerContext.close();
  await buyerContext.close();
});

test('the conversation page in Arabic, right to left, and two screens on a phone', async ({ browser, baseURL }) => {
  const sellerContext = await browser.newContext();
  const listing = await publishPhone(await sellerContext.newPage());
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  await signIn(page);
  await page.goto(productPath(listing));
  await page.getByRole('button', { name: 'مراسلة البائع' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('textbox', { name: 'اكتب رسالة' }).fill('مرحباً، هل ما زال متوفراً؟');
  await page.getByRole('textbox', { name: 'اكتب رسالة' }).press('Enter');
  // In the conversation itself: the list of conversations, hidden beside it on a phone, quotes it
  // too once it has refetched.
  const messages = page.getByRole('list', { name: 'رسائل هذه المحادثة' });
  await expect(messages.getByText('مرحباً، هل ما زال متوفراً؟')).toBeVisible();
  await expect(messages.getByText('أُرسلت')).toBeVisible();
  await expect(page.getByRole('button', { name: 'إرسال صورة' })).toBeVisible();
  await page
    .getByTestId('chat-photo-input')
    .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: await photo(600, 800) });
  await expect(page.getByRole('button', { name: 'صورتك' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
  // Below 600 px the list is its own screen, one link away.
  await page.getByRole('link', { name: 'كل المحادثات' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'الرسائل' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'الرسائل' }).getByRole('link')).toHaveCount(1);
  await context.close();
  await sellerContext.close();
});
