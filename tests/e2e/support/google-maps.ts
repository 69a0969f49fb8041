import type { Page } from '@playwright/test';

/**
 * Serves `page`'s documents under `pagePath` as the server renders them with GOOGLE_MAPS_KEY set
 * (the key "test-key" in the page's config, Google's host allowed by the CSP), and answers the
 * requests for Google's script with `fakeScript`, since it cannot load here. Returns the addresses
 * the page asked Google's script from, in order.
 */
export async function withGoogleMaps(page: Page, pagePath: string, fakeScript: string): Promise<URL[]> {
  const scripts: URL[] = [];
  await page.route('https://maps.googleapis.com/maps/api/js**', async (route) => {
    scripts.push(new URL(route.request().url()));
    await route.fulfill({ contentType: 'text/javascript', body: fakeScript });
  });
  await page.route(`**${pagePath}`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace('"googleMapsKey":null', '"googleMapsKey":"test-key"');
    const csp = (response.headers()['content-security-policy'] ?? '').replace(
      "script-src 'self'",
      "script-src 'self' https://maps.googleapis.com",
    );
    await route.fulfill({ response, body, headers: { ...response.headers(), 'content-security-policy': csp } });
  });
  return scripts;
}
