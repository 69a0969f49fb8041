import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { card, fakeCatalogueApi } from '../../../test/catalogue-fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { ListingsFeed } from './listings-feed';

const answer = fakeCatalogueApi();

const feed = (path = '/c/laptops') =>
  renderRoutes(
    [
      {
        path: '/c/laptops',
        element: <ListingsFeed query={{ category: 'laptops', limit: 2 }} empty={<p>Nothing yet</p>} />,
      },
    ],
    { path, user: null },
  );

describe('ListingsFeed', () => {
  it('asks for the page’s own address first, then loads the next page in place on Load more', async () => {
    const asked = answer({
      '/api/listings?category=laptops&limit=2': { data: [card(1), card(2)], next_cursor: 'abc' },
      '/api/listings?category=laptops&cursor=abc&limit=2': { data: [card(3)], next_cursor: null },
    });
    const { router } = feed();
    expect(await screen.findByText('Phone number 2')).toBeInTheDocument();
    // A link crawlers (and a new tab) follow to the next page…
    const more = screen.getByRole('link', { name: 'Load more' });
    expect(more).toHaveAttribute('href', '/c/laptops?cursor=abc');
    // …which a click in the app takes over: the page stays, the next cards join it.
    await userEvent.click(more);
    expect(await screen.findByText('Phone number 3')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/c/laptops');
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked).toEqual([
      '/api/listings?category=laptops&limit=2',
      '/api/listings?category=laptops&cursor=abc&limit=2',
    ]);
  });

  it('past the last listing says so, not that nothing is listed, and links back to the newest', async () => {
    answer({ '/api/listings?category=laptops&cursor=old&limit=2': { data: [], next_cursor: null } });
    feed('/c/laptops?cursor=old');
    expect(
      await screen.findByText('There are no more listings past this point. The newest are on the first page.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Newest listings' })).toHaveAttribute('href', '/c/laptops');
  });

  it('leaves a click meant for a new tab to the browser', async () => {
    answer({
      '/api/listings?category=laptops&limit=2': { data: [card(1), card(2)], next_cursor: 'abc' },
    });
    feed();
    const more = await screen.findByRole('link', { name: 'Load more' });
    // Whether the browser would follow the link: seen after the app's handler, then stopped (jsdom cannot navigate).
    const followed: boolean[] = [];
    const record = (event: Event) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    fireEvent.click(more, { ctrlKey: true });
    fireEvent.click(more, { metaKey: true });
    fireEvent.click(more, { shiftKey: true });
    window.removeEventListener('click', record);
    expect(followed).toEqual([true, true, true]);
  });

  it('starts at the address’s cursor, with a link back to the newest and on to the next page', async () => {
    const asked = answer({
      '/api/listings?category=laptops&cursor=abc&limit=2': { data: [card(3), card(4)], next_cursor: 'def' },
      '/api/listings?category=laptops&limit=2': { data: [card(1), card(2)], next_cursor: 'abc' },
    });
    const { router } = feed('/c/laptops?cursor=abc');
    expect(await screen.findByText('Phone number 3')).toBeInTheDocument();
    expect(screen.queryByText('Phone number 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Load more' })).toHaveAttribute('href', '/c/laptops?cursor=def');
    await userEvent.click(screen.getByRole('link', { name: 'Newest listings' }));
    expect(await screen.findByText('Phone number 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('link', { name: 'Newest listings' })).not.toBeInTheDocument();
    expect(asked).toEqual([
      '/api/listings?category=laptops&cursor=abc&limit=2',
      '/api/listings?category=laptops&limit=2',
    ]);
  });

  it('shows the first page for a cursor the API would refuse', async () => {
    const asked = answer({
      '/api/listings?category=laptops&limit=2': { data: [card(1)], next_cursor: null },
    });
    feed('/c/laptops?cursor=%3Cnot-one%3E');
    expect(await screen.findByText('Phone number 1')).toBeInTheDocument();
    expect(asked).toEqual(['/api/listings?category=laptops&limit=2']);
  });
});
