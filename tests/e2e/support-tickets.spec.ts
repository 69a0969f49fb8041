import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { api, csrfToken, publishPhone } from './support/listings';
import { mailTo } from './support/mail';
import { subscribedTo } from './support/realtime';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

test.describe.configure({ timeout: 90_000 });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

test('a buyer writes about their order, support answers from the back-office, the buyer sees it live and by e-mail, and replies', async ({
  browser,
}) => {
  const [sellerContext, buyerContext, staffContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [sellerPage, buyer, agent] = await Promise.all([
    sellerContext.newPage(),
    buyerContext.newPage(),
    staffContext.newPage(),
  ]);
  const [listing, buyerAccount] = await Promise.all([
    publishPhone(sellerPage, { first_name: 'Samir', last_name: 'Haddad' }),
    signIn(buyer, { first_name: 'Noura', last_name: 'Buyer' }),
    (async () => {
      await signIn(agent, { first_name: 'Huda', last_name: 'Support' });
      await grantStaffRole(agent, 'support');
      await setUpSecondFactor(agent);
    })(),
  ]);
  await buyer.goto('/');
  const order = await api(buyer.request, await csrfToken(buyer), 'POST', '/api/orders', {
    listing_id: listing.id,
    kind: 'offer',
    offer_fils: 100_000,
    delivery_method: 'pickup',
  });
  const orderId = order.data.id;

  // The buyer writes to the team about that order, their page listening on their private channel.
  const listening = subscribedTo(buyer, 'private-user.');
  await buyer.goto('/support');
  await buyer.getByLabel('Topic').selectOption({ label: 'An order' });
  await buyer.getByLabel(/About/).selectOption({ label: `Order #${orderId}: ${listing.title}` });
  await buyer.getByLabel('Your message').fill('The seller has not answered my offer for two days. What can I do?');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByRole('heading', { name: /^Request #\d+$/ })).toBeVisible();
  const ticketId = Number(/\/account\/support\/(\d+)$/.exec(buyer.url())?.[1]);
  await expect(buyer.getByTestId('ticket-state')).toHaveText('State: New');
  await listening;

  // Support finds it in the queue, writes a note and answers.
  await agent.goto('/admin/support');
  await agent.getByRole('link', { name: new RegExp(`#${ticketId}`) }).click();
  await expect(agent.getByRole('link', { name: `Order #${orderId}` })).toBeVisible();
  await expect(agent.getByRole('link', { name: "The user's page" })).toBeVisible();
  await agent.getByRole('checkbox', { name: 'Internal note' }).check();
  await agent.getByLabel('Your note for staff').fill('Seller has two open complaints; watch this one.');
  await agent.getByRole('button', { name: 'Save note' }).click();
  await expect(agent.getByText('Note saved')).toBeVisible();
  await agent.getByRole('checkbox', { name: 'Internal note' }).uncheck();
  await agent
    .getByLabel('Reply to the user')
    .fill('We wrote to the seller; if they do not answer by tomorrow, your offer lapses and nothing is charged.');
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(agent.getByText('Reply sent')).toBeVisible();
  await expect(agent.getByTestId('desk-state')).toHaveText('Answered');

  // Live on the buyer's open page, without a reload; the note is nowhere.
  await expect(buyer.getByText('We wrote to the seller; if they do not answer by tomorrow')).toBeVisible();
  await expect(buyer.getByText('Huda, support team')).toBeVisible();
  await expect(buyer.getByTestId('ticket-state')).toHaveText('State: Answered');
  await expect(buyer.getByText('two open complaints')).toHaveCount(0);

  // And by e-mail, with the answer and its link; no note in it.
  const mail = await mailTo(buyerAccount.email, `Our team answered your request #${ticketId}`);
  expect(mail.text).toContain('We wrote to the seller');
  expect(`${mail.text ?? ''}${typeof mail.html === 'string' ? mail.html : ''}`).not.toContain('complaints');
  expect(mail.text).toContain(`/account/support/${ticketId}`);

  // The buyer replies: waiting on the team again, in the desk's queue too.
  await buyer.getByLabel('Your reply').fill('Thank you, I will wait until tomorrow.');
  await buyer.getByRole('button', { name: 'Send reply' }).click();
  await expect(buyer.getByTestId('ticket-state')).toHaveText('State: Waiting for the team');
  await expect(agent.getByTestId('desk-state')).toHaveText('Waiting for the team');
  await expect(agent.getByText('Thank you, I will wait until tomorrow.')).toBeVisible();
  await expectNoAxeViolations(agent);
  await expectNoAxeViolations(buyer);

  await Promise.all([sellerContext.close(), buyerContext.close(), staffContext.close()]);
});
