import type { SearchFacets } from '@marketplace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { SearchPage } from './search-page';

const api = routedApi();

const facets: SearchFacets = {
  total: 2,
  approximate: false,
  categories: [],
  conditions: [],
  cities: [],
  neighborhoods: [],
  seller_types: [],
  attributes: [],
  periods: [],
};

const DUBAI = { city: 'Dubai', latitude: 25.2048, longitude: 55.2708 };

function renderSearch(path: string, { signedIn = false } = {}) {
  const sent = api({
    'GET /api/categories': () => ({ body: { data: [] } }),
    'GET /api/search': ({ query }) => ({
      body: {
        data: query.has('near')
          ? [
              card(1, { distance: { metres: 150, approximate: false } }),
              card(2, { distance: { metres: 3240, approximate: false } }),
              card(3, { distance: { metres: 19_129, approximate: true } }),
            ]
          : [card(1), card(2)],
        next_cursor: null,
        corrected_query: null,
      },
    }),
    'GET /api/search/facets': () => ({ body: { data: facets } }),
    'GET /api/search/place': () => ({ body: { data: signedIn ? DUBAI : null } }),
  });
  const view = renderRoutes([{ path: '/search', element: <SearchPage /> }], {
    path,
    user: signedIn ? layla : null,
  });
  const asked = (path: string) =>
    sent.filter((request) => request.path === path).map((request) => decodeURIComponent(request.query.toString()));
  return { ...view, asked };
}

/** The browser's geolocation, answering as `answer` says. */
function browserLocation(answer: { at: [number, number] } | { error: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) => {
    if ('at' in answer) {
      found({ coords: { latitude: answer.at[0], longitude: answer.at[1] } } as GeolocationPosition);
    } else {
      failed?.({
        code: answer.error,
        message: '',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      });
    }
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const sortOptions = () =>
  Array.from(screen.getByRole('combobox', { name: 'Sort by' }).querySelectorAll('option')).map(
    (option) => option.textContent,
  );

describe('nearest first on the search page', () => {
  it('offers no nearest sort without a place, and asks the browser only when the user says so', async () => {
    const user = userEvent.setup();
    const ask = browserLocation({ at: [25.081234, 55.140987] });
    const { router, asked } = renderSearch('/search?q=iphone');
    expect(await screen.findByText('Phone number 1')).toBeInTheDocument();
    expect(sortOptions()).not.toContain('Nearest first');
    expect(ask).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    // Rounded to about 100 m: the address may be shared.
    await waitFor(() => expect(router.state.location.search).toBe('?q=iphone&near=25.081,55.141&sort=nearest'));
    await waitFor(() => expect(asked('/api/search')).toContain('q=iphone&near=25.081,55.141&sort=nearest'));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('nearest');
    expect(await screen.findByText('150 m away')).toBeInTheDocument();
    expect(screen.getByText('3.2 km away')).toBeInTheDocument();
    expect(screen.getByText('About 19 km away')).toHaveAttribute(
      'title',
      "Measured to the centre of the listing's city: it has no map point.",
    );
    expect(screen.getByText('Distances from the chosen location')).toBeInTheDocument();
    expect(asked('/api/search/place')).toEqual([]);
  });

  it('says so when the browser refuses to tell, or cannot find the place', async () => {
    const user = userEvent.setup();
    browserLocation({ error: 1 });
    const { router } = renderSearch('/search?q=iphone');
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your browser did not share your location. Allow it for this site in the browser's settings, then try again.",
    );
    expect(router.state.location.search).toBe('?q=iphone');

    browserLocation({ error: 3 });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your location could not be found. Try again, or choose another order.',
    );
  });

  it('measures from the centre of a signed-in user’s city when they choose nearest, and forgets it on request', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/search?category=cars', { signedIn: true });
    await waitFor(() => expect(sortOptions()).toContain('Nearest first'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'nearest');
    await waitFor(() => expect(router.state.location.search).toBe('?category=cars&near=25.2048,55.2708&sort=nearest'));
    expect(await screen.findByText('Distances from the centre of Dubai')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove location' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=cars'));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  it('shows a shared link’s distances in its own order, with nearest offered', async () => {
    const { asked } = renderSearch('/search?near=25.2,55.3&sort=price_asc');
    expect(await screen.findByText('150 m away')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    expect(sortOptions()).toContain('Nearest first');
    expect(asked('/api/search')).toEqual(['near=25.2,55.3&sort=price_asc']);
  });

  it('reads a nearest sort without a place as the default order', async () => {
    const { asked } = renderSearch('/search?q=sofa&sort=nearest');
    expect(await screen.findByText('Phone number 1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    expect(asked('/api/search')).toEqual(['q=sofa']);
  });
});
