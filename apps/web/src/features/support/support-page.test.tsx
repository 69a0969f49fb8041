import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportTicket } from '@marketplace/contracts/support-essentials';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { MySupportPage, SupportTicketPage, VisitorTicketPage } from './my-support-page';
import { SupportPage } from './support-page';

const api = routedApi();
const FORM = { 'GET /api/support/form': () => ({ body: { data: { form_token: '1700000000000.signed' } } }) };
const TOKEN = `7.${'A'.repeat(43)}`;

const ticket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  id: 7,
  topic: 'order',
  state: 'waiting_user',
  subject: 'My order',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  order_id: 12,
  listing_id: null,
  photos_left: 0,
  messages: [
    {
      id: 1,
      from: 'user',
      author: null,
      body: 'My order has not arrived.',
      created_at: '2026-11-20T10:00:00.000Z',
      photos: [],
    },
    {
      id: 2,
      from: 'staff',
      author: 'Huda',
      body: 'We wrote to the seller.',
      created_at: '2026-11-20T12:00:00.000Z',
      photos: [],
    },
  ],
  ...overrides,
});

describe('/support: writing to the team', () => {
  it("a visitor gives an address; the hidden field and the form's timestamp go with the words; the page says where the link went", async () => {
    const sent = api({
      ...FORM,
      'POST /api/support/tickets': () => ({ status: 202, body: { data: { received: true } } }),
    });
    renderRoutes([{ path: '/support', element: <SupportPage /> }], { path: '/support', user: null });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Topic'), 'Buying');
    await user.type(screen.getByLabelText(/Your name/), 'Mariam');
    await user.type(screen.getByLabelText(/E-mail address/), 'mariam@example.com');
    await user.type(screen.getByLabelText(/Your message/), 'How do I know a seller is real?');
    expect(screen.queryByLabelText(/Photos/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Our answer will come to your e-mail');
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      topic: 'buying',
      message: 'How do I know a seller is real?',
      email: 'mariam@example.com',
      name: 'Mariam',
      order_id: null,
      listing_id: null,
      form_token: '1700000000000.signed',
      website: '',
    });
  });

  it("puts the server's refusals under their fields and the rule's words above the form", async () => {
    api({
      ...FORM,
      'POST /api/support/tickets': () => ({
        status: 429,
        body: {
          message: 'You have written to us several times this hour from this e-mail address. Try again in 60 seconds.',
          errors: {
            form_token: [
              'You have written to us several times this hour from this e-mail address. Try again in 60 seconds.',
            ],
          },
        },
      }),
    });
    renderRoutes([{ path: '/support', element: <SupportPage /> }], { path: '/support', user: null });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Topic'), 'Buying');
    await user.type(screen.getByLabelText(/E-mail address/), 'mariam@example.com');
    await user.type(screen.getByLabelText(/Your message/), 'How do I know a seller is real?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('from this e-mail address');
  });

  it('a signed-in user picks an order of theirs and lands on the new ticket', async () => {
    const sent = api({
      ...FORM,
      'GET /api/support/references': () => ({
        body: { data: { orders: [{ id: 12, title: 'Red bike', role: 'buyer' }], listings: [] } },
      }),
      'POST /api/support/tickets': () => ({ status: 201, body: { data: ticket({ state: 'new' }) } }),
      'GET /api/support/tickets/7': () => ({ body: { data: ticket({ state: 'new' }) } }),
    });
    renderRoutes(
      [
        { path: '/support', element: <SupportPage /> },
        { path: '/account/support/:id', element: <SupportTicketPage /> },
      ],
      { path: '/support', user: layla },
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Topic'), 'An order');
    await user.selectOptions(await screen.findByLabelText(/About/), 'Order #12: Red bike');
    await user.type(screen.getByLabelText(/Your message/), 'My order has not arrived.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Request #7' })).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ order_id: 12, listing_id: null });
  });
});

describe("a ticket's page", () => {
  it("shows the user's words and the team's, and sends a reply", async () => {
    const sent = api({
      'GET /api/support/tickets/7': () => ({ body: { data: ticket() } }),
      'POST /api/support/tickets/7/messages': () => ({ body: { data: ticket({ state: 'waiting_staff' }) } }),
    });
    renderRoutes([{ path: '/account/support/:id', element: <SupportTicketPage /> }], {
      path: '/account/support/7',
      user: layla,
    });
    expect(await screen.findByText('We wrote to the seller.')).toBeInTheDocument();
    expect(screen.getByText('Huda, support team')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-state')).toHaveTextContent('Answered');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your reply'), 'Thank you for the help.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('State: Waiting for the team')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ body: 'Thank you for the help.' });
  });

  it("a visitor's link that opens nothing is a page not found", async () => {
    api({ [`GET /api/support/visitor/${TOKEN}`]: () => ({ status: 404, body: { message: 'Not Found' } }) });
    renderRoutes([{ path: '/support/t/:token', element: <VisitorTicketPage /> }], {
      path: `/support/t/${TOKEN}`,
      user: null,
    });
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
  });

  it("lists the user's requests with their states", async () => {
    api({
      'GET /api/support/tickets': () => ({
        body: {
          data: [
            {
              id: 7,
              topic: 'order',
              state: 'resolved',
              subject: 'My order',
              created_at: '2026-11-20T10:00:00.000Z',
              updated_at: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    renderRoutes([{ path: '/account/support', element: <MySupportPage /> }], { path: '/account/support', user: layla });
    expect(await screen.findByRole('link', { name: 'Open request #7: My order' })).toHaveAttribute(
      'href',
      '/account/support/7',
    );
    expect(screen.getByText(/Resolved/)).toBeInTheDocument();
  });
});
