import type { SellerProfile, UserReview } from '@marketplace/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeCatalogueApi, seller } from '../../test/catalogue-fixtures';
import { renderRoutes } from '../../test/render-routes';
import { SellerPage } from './seller-page';

vi.mock('../../lib/realtime', () => ({ listen: () => () => undefined }));

const answer = fakeCatalogueApi();
const routes = [{ path: '/users/:id', element: <SellerPage /> }];
const listings = '/api/listings?seller=7&limit=24';

const review = (id: number, fields: Partial<UserReview> = {}): UserReview => ({
  id,
  rating: 5,
  text: `Review ${id}`,
  created_at: '2026-11-20T10:00:00.000Z',
  side: 'buyer',
  author: { id: 100 + id, name: `Buyer ${id}.` },
  ...fields,
});

function serve(profile: SellerProfile, more: Record<string, unknown> = {}) {
  return answer({ '/api/users/7': { data: profile }, [listings]: { data: [], next_cursor: null }, ...more });
}

describe('the seller’s page', () => {
  it('shows the average and the count, and the newest reviews with who wrote them, then older ones', async () => {
    const asked = serve(
      {
        ...seller,
        rating: { average: 4.2, count: 3 },
        reviews: [review(9, { rating: 4, side: 'seller' }), review(8)],
      },
      { '/api/users/7/reviews?cursor=8': { rating: { average: 4.2, count: 3 }, data: [review(2)], next_cursor: null } },
    );
    renderRoutes(routes, { path: '/users/7', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
    expect(screen.getByText('4.2 out of 5 · 3 reviews')).toBeInTheDocument();
    const reviews = screen.getByRole('list', { name: 'Reviews' });
    const items = within(reviews).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Buyer 9.');
    expect(items[0]).toHaveTextContent('Sold to them');
    expect(items[0]).toHaveTextContent('Review 9');
    expect(items[1]).toHaveTextContent('Bought from them');

    await userEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(await within(reviews).findByText('Review 2')).toBeInTheDocument();
    expect(asked).toContain('/api/users/7/reviews?cursor=8');
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
  });

  it('says when nobody reviewed the seller yet', async () => {
    serve({ ...seller, rating: { average: null, count: 0 }, reviews: [] });
    renderRoutes(routes, { path: '/users/7', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
    expect(screen.getAllByText('No reviews yet')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
  });
});
