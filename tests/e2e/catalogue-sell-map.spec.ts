import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { withGoogleMaps } from './support/google-maps';

/**
 * Stands in for Google's script: a map that answers a click at (x, y) pixels from its corner with the
 * point 25 + y/10000, 55 + x/10000, and a marker that shows where it stands (as text, for the test).
 */
const FAKE_MAPS_SCRIPT = `
(() => {
  const callback = new URL(document.currentScript.src).searchParams.get('callback');
  const latLng = (lat, lng) => ({ lat: () => lat, lng: () => lng });
  class Map {
    constructor(element, options) {
      this.center = options.center;
      this.surface = document.createElement('div');
      this.surface.className = 'fake-map';
      this.surface.style.cssText = 'inline-size: 100%; block-size: 100%; background: #cde;';
      this.surface.dataset.center = options.center.lat + ',' + options.center.lng;
      this.surface.dataset.zoom = String(options.zoom);
      element.append(this.surface);
    }
    addListener(event, handler) {
      const listener = (click) => {
        if (click.target !== this.surface) return;
        handler({ latLng: latLng(25 + Math.round(click.offsetY) / 10000, 55 + Math.round(click.offsetX) / 10000) });
      };
      this.surface.addEventListener(event, listener);
      return { remove: () => this.surface.removeEventListener(event, listener) };
    }
    getCenter() {
      return latLng(this.center.lat, this.center.lng);
    }
    panTo(position) {
      this.center = position;
    }
    setZoom() {}
  }
  class Marker {
    constructor(options) {
      this.element = document.createElement('span');
      this.element.className = 'fake-marker';
      this.element.setAttribute('title', options.title);
      this.setPosition(options.position);
      this.setMap(options.map);
    }
    addListener() {
      return { remove: () => undefined };
    }
    setPosition(position) {
      this.element.textContent = 'marker at ' + position.lat + ',' + position.lng;
    }
    setMap(map) {
      if (map) map.surface.append(this.element);
      else this.element.remove();
    }
  }
  class Autocomplete {
    addListener() {
      return { remove: () => undefined };
    }
    getPlace() {
      return {};
    }
  }
  window.google = {
    maps: {
      places: { Autocomplete },
      importLibrary: async (name) => (name === 'maps' ? { Map } : name === 'marker' ? { Marker } : {}),
    },
  };
  window[callback]();
})();
`;

async function apiLocation(page: Page, id: number) {
  const response = await page.request.get(`/api/listings/${id}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { latitude: number | null; longitude: number | null } };
  return { latitude: data.latitude, longitude: data.longitude };
}

test('a seller drops a pin on the map in the place step, and it is saved with the draft', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const scripts = await withGoogleMaps(page, '/sell', FAKE_MAPS_SCRIPT);

  await page.goto('/sell');
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('phones');
  await page.getByRole('button', { name: 'Mobile phones' }).click();
  await expect(page).toHaveURL(/\/items\/\d+\/edit\?step=details$/);
  const id = Number(/\/items\/(\d+)\/edit/.exec(page.url())?.[1]);
  // No map before the place step: the script loads when the map first shows.
  expect(scripts).toHaveLength(0);
  for (const step of ['Photos', 'Price', 'Place']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: step, level: 2 })).toBeVisible();
  }

  const map = page.getByRole('region', { name: 'Map of where the item is' });
  await expect(page.getByText('No pin on the map yet.')).toBeVisible();
  // Without a pin, and with cities that carry no coordinates, the map shows the whole of the UAE.
  await expect(map.locator('.fake-map')).toHaveAttribute('data-center', '24.3,54.3');
  await map.locator('.fake-map').click({ position: { x: 140, y: 76 } });
  await expect(page.getByText('Pin set: 25.0076, 55.0140')).toBeVisible();
  await expect(map.locator('.fake-marker')).toHaveText('marker at 25.0076,55.014');
  await expect.poll(() => apiLocation(page, id)).toEqual({ latitude: 25.0076, longitude: 55.014 });

  // From the keyboard: the map's centre becomes the pin.
  await page.getByRole('button', { name: 'Pin the map’s centre' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pin set: 24.3000, 54.3000')).toBeVisible();
  await expect.poll(() => apiLocation(page, id)).toEqual({ latitude: 24.3, longitude: 54.3 });

  await page.getByRole('button', { name: 'Remove pin' }).click();
  await expect(page.getByText('No pin on the map yet.')).toBeVisible();
  await expect(map.locator('.fake-marker')).toHaveCount(0);
  await expect.poll(() => apiLocation(page, id)).toEqual({ latitude: null, longitude: null });

  expect(scripts).toHaveLength(1);
  expect(scripts[0]?.searchParams.get('key')).toBe('test-key');
});
