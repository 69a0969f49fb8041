import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { withGoogleMaps } from './support/google-maps';
import { field } from './support/profile-form';

/** Stands in for Google's script: a Places Autocomplete that offers one suggestion for what is typed. */
const FAKE_MAPS_SCRIPT = `
(() => {
  const callback = new URL(document.currentScript.src).searchParams.get('callback');
  class Autocomplete {
    constructor(input, options) {
      this.listeners = [];
      this.place = {};
      window.__placesOptions = options;
      input.addEventListener('input', () => {
        document.querySelector('.fake-pac')?.remove();
        const list = document.createElement('ul');
        list.className = 'fake-pac';
        list.setAttribute('role', 'listbox');
        list.setAttribute('aria-label', 'Suggestions');
        const item = document.createElement('li');
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', 'false');
        item.textContent = input.value + ' - Al Barsha - Dubai - United Arab Emirates';
        item.addEventListener('click', () => {
          this.place = { formatted_address: item.textContent, name: input.value };
          list.remove();
          this.listeners.forEach((listener) => listener());
        });
        list.append(item);
        document.body.append(list);
      });
    }
    addListener(event, handler) {
      this.listeners.push(handler);
      return { remove: () => (this.listeners = this.listeners.filter((other) => other !== handler)) };
    }
    getPlace() {
      return this.place;
    }
  }
  window.google = { maps: { places: { Autocomplete } } };
  window[callback]();
})();
`;

test.describe('Street/Nearest landmark', () => {
  test('is a plain input, and no maps script loads, without a maps key', async ({ page }) => {
    await signIn(page);
    const mapsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('maps.googleapis.com')) mapsRequests.push(request.url());
    });
    await page.goto('/profile');
    await field(page, 'Street/Nearest landmark').fill('Near the souk');
    await expect(field(page, 'Street/Nearest landmark')).toHaveValue('Near the souk');
    expect(mapsRequests).toEqual([]);
  });

  test('offers Google Places suggestions when a key is configured; the script loads once', async ({ page }) => {
    await signIn(page);
    const scripts = await withGoogleMaps(page, '/profile', FAKE_MAPS_SCRIPT);
    await page.goto('/profile');
    const street = field(page, 'Street/Nearest landmark');
    await street.pressSequentially('Mall of the Emirates');
    await page.getByRole('option', { name: /Mall of the Emirates - Al Barsha/ }).click();
    await expect(street).toHaveValue('Mall of the Emirates - Al Barsha - Dubai - United Arab Emirates');

    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.searchParams.get('key')).toBe('test-key');
    expect(scripts[0]?.searchParams.get('libraries')).toBe('places');
    // Leaving the page and coming back reuses the loaded script.
    await page.getByRole('banner').getByRole('link', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Profile' }).click();
    await expect(street).toBeVisible();
    expect(scripts).toHaveLength(1);
  });
});
