import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { card } from '../../../test/catalogue-fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { ListingGrid, type ListingGridProps } from './listing-grid';

const renderGrid = (props: Partial<ListingGridProps>) =>
  renderRoutes([
    { path: '*', element: <ListingGrid listings={undefined} skeletons={4} empty={<p>Nothing yet</p>} {...props} /> },
  ]);

describe('ListingGrid', () => {
  it('shows each listing as a link with its photo, price, title, place and age', () => {
    renderGrid({ listings: [card(1, { price_fils: 125_050, negotiable: true }), card(2, { price_fils: 0 })] });
    const [link, second] = screen.getAllByRole('link');
    expect(link).toHaveAttribute('href', '/items/1/phone-1');
    expect(within(link as HTMLElement).getByRole('img', { name: 'Phone number 1' })).toHaveAttribute(
      'src',
      '/media/10-card.jpg',
    );
    expect(link).toHaveTextContent('AED 1,250.50');
    expect(link).toHaveTextContent('Negotiable');
    expect(link).toHaveTextContent('Dubai Marina, Dubai');
    expect(link).toHaveTextContent('3 days ago');
    expect(second).toHaveTextContent('Free');
  });

  it('shows each card’s seller rating as stars with their words, and none for a seller nobody reviewed', () => {
    renderGrid({ listings: [card(1, { seller_rating: { average: 4.5, count: 12 } }), card(2)] });
    const [rated, unrated] = screen.getAllByRole('link');
    expect(within(rated as HTMLElement).getByRole('img', { name: '4.5 out of 5, 12 reviews' })).toBeInTheDocument();
    expect(within(unrated as HTMLElement).queryByRole('img', { name: /out of 5/ })).not.toBeInTheDocument();
  });

  it('loads the first row at once, the first photo first, and the rest lazily', () => {
    renderGrid({ listings: Array.from({ length: 8 }, (_, index) => card(index + 1)), priority: true });
    const images = screen.getAllByRole('img');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('width', '640');
    expect(images[1]).not.toHaveAttribute('fetchpriority');
    expect(images[7]).toHaveAttribute('loading', 'lazy');
  });

  it('shows skeleton cards while loading, and says so to screen readers', () => {
    renderGrid({ listings: undefined, skeletons: 4 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading listings…');
    expect(document.querySelectorAll('.listing-card-skeleton')).toHaveLength(4);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the empty state when there is nothing to list', () => {
    renderGrid({ listings: [] });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  it('offers Load more while there are more pages, and is busy while loading them', async () => {
    const onLoadMore = vi.fn();
    renderGrid({ listings: [card(1)], hasMore: true, onLoadMore });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    cleanup();
    renderGrid({ listings: [card(1)], hasMore: true, loadingMore: true, onLoadMore });
    expect(screen.getByRole('button', { name: 'Loading listings…' })).toBeDisabled();
  });

  it('offers to try again when the listings could not load', async () => {
    const onRetry = vi.fn();
    renderGrid({ listings: undefined, failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('The listings could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
