import type { ListingChangesRequest } from '@marketplace/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LatLngLiteral } from '../../lib/google-maps';
import { layla, renderRoutes } from '../../test/render-routes';
import { categories, cities, draft, routedApi } from '../../test/selling-fixtures';
import { SellPage } from './sell-page';

/** A stand-in for the Maps API: it records the map's and the marker's listeners so a test can fire them. */
const fake = vi.hoisted(() => {
  const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });
  const state = {
    mapOptions: undefined as { center: LatLngLiteral; zoom: number } | undefined,
    mapClick: undefined as ((event: { latLng: ReturnType<typeof latLng> }) => void) | undefined,
    markers: [] as { position: LatLngLiteral; onMap: boolean; drag?: (event: { latLng: unknown }) => void }[],
    latLng,
  };
  class Map {
    constructor(_element: HTMLElement, options: { center: LatLngLiteral; zoom: number }) {
      state.mapOptions = options;
    }
    addListener(_event: string, handler: typeof state.mapClick) {
      state.mapClick = handler;
      return { remove: () => undefined };
    }
    getCenter() {
      return latLng(state.mapOptions?.center.lat ?? 0, state.mapOptions?.center.lng ?? 0);
    }
    panTo() {}
    setZoom() {}
  }
  class Marker {
    record: (typeof state.markers)[number];
    constructor(options: { position: LatLngLiteral }) {
      this.record = { position: options.position, onMap: true };
      state.markers.push(this.record);
    }
    addListener(_event: string, handler: (event: { latLng: unknown }) => void) {
      this.record.drag = handler;
      return { remove: () => undefined };
    }
    setPosition(position: LatLngLiteral) {
      this.record.position = position;
    }
    setMap(map: unknown) {
      this.record.onMap = map !== null;
    }
  }
  return { state, api: { Map, Marker } };
});

vi.mock('../../lib/google-maps', () => ({
  hasGoogleMaps: () => true,
  loadGoogleMapPin: () => Promise.resolve(fake.api),
  loadGooglePlaces: () => undefined,
}));

const api = routedApi();

function renderPlaceStep(listing = draft({ city_id: 1 })) {
  let current = listing;
  const sent = api({
    'GET /api/listings/5': () => ({ body: { data: current } }),
    'GET /api/categories': () => ({ body: { data: categories } }),
    'GET /cities': () => ({ body: { data: cities } }),
    'PATCH /api/listings/5': ({ body }) => {
      const changes = body as ListingChangesRequest;
      current = { ...current, ...(changes as object) };
      return { body: { data: current } };
    },
  });
  renderRoutes([{ path: '/items/:id/edit', element: <SellPage /> }], {
    path: '/items/5/edit?step=place',
    user: layla,
  });
  return () => sent.filter((request) => request.method === 'PATCH').map((request) => request.body);
}

describe('the map pin on the place step', () => {
  it('saves both coordinates when the map is clicked or the pin dragged, and clears both on Remove', async () => {
    fake.state.markers = [];
    const patches = renderPlaceStep();
    const user = userEvent.setup();
    expect(await screen.findByText('No pin on the map yet.')).toBeInTheDocument();
    await waitFor(() => expect(fake.state.mapClick).toBeDefined());
    // No pin yet and the cities carry no coordinates: the whole country.
    expect(fake.state.mapOptions).toEqual(expect.objectContaining({ center: { lat: 24.3, lng: 54.3 }, zoom: 7 }));

    act(() => fake.state.mapClick?.({ latLng: fake.state.latLng(25.07641234, 55.14031234) }));
    expect(await screen.findByText('Pin set: 25.0764, 55.1403')).toBeInTheDocument();
    await waitFor(() => expect(patches()).toEqual([{ latitude: 25.076412, longitude: 55.140312 }]));
    expect(fake.state.markers).toHaveLength(1);

    act(() => fake.state.markers[0]?.drag?.({ latLng: fake.state.latLng(25.08, 55.15) }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ latitude: 25.08, longitude: 55.15 });
    expect(screen.getByText('Pin set: 25.0800, 55.1500')).toBeInTheDocument();
    expect(fake.state.markers[0]?.position).toEqual({ lat: 25.08, lng: 55.15 });

    await user.click(screen.getByRole('button', { name: 'Remove pin' }));
    await waitFor(() => expect(patches()).toHaveLength(3));
    expect(patches()[2]).toEqual({ latitude: null, longitude: null });
    expect(screen.getByText('No pin on the map yet.')).toBeInTheDocument();
    expect(fake.state.markers[0]?.onMap).toBe(false);
    expect(screen.getByRole('button', { name: 'Pin the map’s centre' })).toHaveFocus();
  });

  it('centres on a saved pin, and pins the centre from the keyboard', async () => {
    fake.state.markers = [];
    const patches = renderPlaceStep(draft({ city_id: 1, latitude: 25.2, longitude: 55.27 }));
    const user = userEvent.setup();
    expect(await screen.findByText('Pin set: 25.2000, 55.2700')).toBeInTheDocument();
    await waitFor(() => expect(fake.state.markers).toHaveLength(1));
    expect(fake.state.mapOptions).toEqual(expect.objectContaining({ center: { lat: 25.2, lng: 55.27 }, zoom: 15 }));

    await user.click(screen.getByRole('button', { name: 'Remove pin' }));
    await waitFor(() => expect(patches()).toEqual([{ latitude: null, longitude: null }]));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ latitude: 25.2, longitude: 55.27 });
  });
});
