import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastOutlet } from '../lib/toasts/toast-outlet';
import { layla, renderRoutes } from '../test/render-routes';
import { routedApi, type Reply } from '../test/selling-fixtures';
import { FavouriteHeart } from './favourite-heart';

const api = routedApi();
afterEach(() => sessionStorage.clear());

/** A server that keeps what it was told: the ids it answers follow the saves it took. */
function renderHeart(
  user: typeof layla | null,
  { saved = [] as number[], put = (): Reply | Promise<Reply> => ({ status: 204 }) } = {},
) {
  let ids = saved;
  const sent = api({
    'GET /api/favourites/ids': () => ({ body: { data: ids } }),
    'PUT /api/favourites/5': async () => {
      const reply = await put();
      if ((reply.status ?? 200) < 300) ids = [5, ...ids];
      return reply;
    },
    'DELETE /api/favourites/5': () => {
      ids = ids.filter((id) => id !== 5);
      return { status: 204 };
    },
  });
  const view = renderRoutes(
    [
      {
        path: '/items/:id/:slug',
        element: (
          <>
            <h1 id="title">iPhone 13</h1>
            <FavouriteHeart listingId={5} titleId="title" sellerId={77} />
            <ToastOutlet />
          </>
        ),
      },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    { path: '/items/5/iphone-13?from=search', user },
  );
  const changes = () => sent.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  return { ...view, changes };
}

const heart = () => screen.getByRole('button', { name: 'Save iPhone 13' });

describe('The heart', () => {
  it('saves at once on a click, before the server answers, and unsaves on the next', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { changes } = renderHeart(layla, { put: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    const user = userEvent.setup();
    await user.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(changes()).toEqual(['PUT /api/favourites/5']);
    answer({ status: 204 });
    await user.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(changes()).toEqual(['PUT /api/favourites/5', 'DELETE /api/favourites/5']));
  });

  it('shows a listing saved earlier as saved', async () => {
    renderHeart(layla, { saved: [9, 5] });
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
  });

  it('goes back and says so in a toast when the server fails', async () => {
    renderHeart(layla, { put: () => ({ status: 500, body: { message: 'Server Error' } }) });
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart());
    expect(await screen.findByText('The listing could not be saved. Try again in a moment.')).toBeInTheDocument();
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the server’s reason when it refuses', async () => {
    renderHeart(layla, { put: () => ({ status: 409, body: { message: 'You cannot save your own listing.' } }) });
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart());
    expect(await screen.findByText('You cannot save your own listing.')).toBeInTheDocument();
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends a visitor to log in, and saves the listing once they are back signed in', async () => {
    const visit = renderHeart(null);
    await userEvent.click(heart());
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(visit.router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/items/5/iphone-13?from=search')}`,
    );
    expect(visit.changes()).toEqual([]);
    visit.unmount();

    const back = renderHeart(layla);
    await waitFor(() => expect(back.changes()).toEqual(['PUT /api/favourites/5']));
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    back.unmount();
    // Once: a later visit does not save it again.
    const later = renderHeart(layla);
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(later.changes()).toEqual([]);
  });

  it('is not offered on the seller’s own listing', () => {
    renderHeart({ ...layla, id: 77 });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
