import { encodeMessage, message, type OwnListingCard } from '@marketplace/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { layla, renderRoutes } from '../../test/render-routes';
import { draft, ownCard, routedApi } from '../../test/selling-fixtures';
import { MyListingsPage } from './my-listings-page';

const api = routedApi();
const counts = { draft: 2, active: 1, paused: 0, reserved: 0, sold: 4, expired: 0, removed: 0 };

function renderPage(path: string, cards: Record<string, OwnListingCard[]>) {
  const sent = api({
    'GET /api/me/listings': ({ query }) => {
      const status = query.get('status') ?? '';
      return { body: { data: cards[status] ?? [], next_cursor: null, counts } };
    },
    'POST /api/listings/7/pause': () => ({ body: { data: draft({ id: 7, status: 'paused' }) } }),
  });
  const view = renderRoutes(
    [
      {
        path: '/account/items',
        element: (
          <>
            <MyListingsPage />
            <ToastOutlet />
          </>
        ),
      },
    ],
    { path, user: layla },
  );
  return { ...view, sent };
}

describe('My listings', () => {
  it('shows a tab per state with its count, the state in the address', async () => {
    const { router } = renderPage('/account/items', { active: [ownCard()] });
    const tabs = screen.getByRole('navigation', { name: 'Listings by state' });
    expect(await within(tabs).findByRole('link', { name: 'Live 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Drafts 2' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Sold 4' })).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'iPhone 13' });
    expect(within(card).getByText('AED 1,800')).toBeInTheDocument();
    expect(
      within(card).getByText(/3 views · Saved by 2 people · Ends in 12 days · Updated 2 hours ago/),
    ).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pause', 'Mark as sold', 'Delete']);
    expect(within(card).getByRole('link', { name: 'Edit “iPhone 13”' })).toHaveAttribute('href', '/items/7/edit');

    const user = userEvent.setup();
    await user.click(within(tabs).getByRole('link', { name: 'Drafts 2' }));
    expect(router.state.location.search).toBe('?status=draft');
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sell something' }).at(-1)).toHaveAttribute('href', '/sell');
  });

  it('links a live listing’s title and photo to its page, a draft’s to the wizard, others to their page', async () => {
    renderPage('/account/items?status=active', { active: [ownCard()] });
    const card = await screen.findByRole('listitem', { name: 'iPhone 13' });
    const title = within(card).getByRole('link', { name: 'iPhone 13' });
    expect(title).toHaveAttribute('href', '/items/7/iphone-13');
    // The photo repeats the link for the pointer, out of the keyboard's way and hidden from screen readers.
    const photoLink = card.querySelector('img')?.closest('a');
    expect(photoLink).toHaveAttribute('href', '/items/7/iphone-13');
    expect(photoLink).toHaveAttribute('tabindex', '-1');
    expect(photoLink).toHaveAttribute('aria-hidden', 'true');
    cleanup();

    renderPage('/account/items?status=draft', {
      draft: [ownCard({ id: 8, status: 'draft', title: '', cover: null, actions: ['edit', 'delete'] })],
    });
    const untitled = await screen.findByRole('listitem', { name: 'Untitled draft' });
    expect(within(untitled).getByRole('link', { name: 'Untitled draft' })).toHaveAttribute('href', '/items/8/edit');
    expect(untitled.querySelector('a[aria-hidden="true"]')).toHaveAttribute('href', '/items/8/edit');
    cleanup();

    renderPage('/account/items?status=sold', {
      sold: [ownCard({ id: 9, slug: 'sofa', title: 'Sofa', status: 'sold' })],
    });
    const sold = await screen.findByRole('listitem', { name: 'Sofa' });
    expect(within(sold).getByRole('link', { name: 'Sofa' })).toHaveAttribute('href', '/items/9/sofa');
  });

  it('pauses a listing through the API and says so', async () => {
    const { sent } = renderPage('/account/items?status=active', { active: [ownCard()] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause “iPhone 13”' }));
    expect(await screen.findByText('Listing paused: nobody else sees it now.')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST' && request.path === '/api/listings/7/pause')).toBe(true);
  });

  it('shows the API’s reason when an action is refused', async () => {
    api({
      'GET /api/me/listings': () => ({ body: { data: [ownCard()], next_cursor: null, counts } }),
      'POST /api/listings/7/mark-sold': () => ({
        status: 409,
        body: {
          message: encodeMessage(
            message('listing.outOfTurn', {
              action: message('listing.action.mark_sold'),
              status: message('listing.status.paused'),
            }),
          ),
        },
      }),
    });
    renderRoutes(
      [
        {
          path: '/account/items',
          element: (
            <>
              <MyListingsPage />
              <ToastOutlet />
            </>
          ),
        },
      ],
      { path: '/account/items', user: layla },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as sold “iPhone 13”' }));
    expect(await screen.findByText('You cannot mark as sold a listing that is paused.')).toBeInTheDocument();
  });

  it('asks before deleting', async () => {
    const sent = api({
      'GET /api/me/listings': () => ({ body: { data: [ownCard()], next_cursor: null, counts } }),
      'DELETE /api/listings/7': () => ({ status: 204 }),
    });
    renderRoutes([{ path: '/account/items', element: <MyListingsPage /> }], { path: '/account/items', user: layla });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete “iPhone 13”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('sends the seller to the wizard when a draft is not ready to publish', async () => {
    api({
      'GET /api/me/listings': () => ({
        body: {
          data: [ownCard({ status: 'draft', actions: ['edit', 'publish', 'delete'] })],
          next_cursor: null,
          counts,
        },
      }),
      'POST /api/listings/7/publish': () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { photos: ['Add at least one photo.'] } },
      }),
    });
    renderRoutes(
      [
        {
          path: '/account/items',
          element: (
            <>
              <MyListingsPage />
              <ToastOutlet />
            </>
          ),
        },
      ],
      { path: '/account/items?status=draft', user: layla },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish “iPhone 13”' }));
    expect(
      await screen.findByText('This listing is not ready to publish: edit it to see what is missing.'),
    ).toBeInTheDocument();
  });
});
