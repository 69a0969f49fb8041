import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { expectSubscriptions } from './support/realtime';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A text input by its accessible name (the required marker is hidden from it). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Picks `option` in the react-select labelled `label` by typing it, as a keyboard user would. */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  // A multi select stays open for more; close it as a person would before moving on.
  await input.press('Escape');
}

async function fillRequiredAddress(page: Page) {
  await field(page, 'Phone number').fill('501234567');
  await field(page, 'Apartment/unit/villa/floor no.').fill('Villa 12');
  await field(page, 'Building/Compound name/no.').fill('Palm Residence');
  await field(page, 'Area').fill('Jumeirah');
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

function countProfileSaves(page: Page) {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/user/profile') saves.push(request.url());
  });
  return saves;
}

test.describe('the profile screen', () => {
  test('loads, saves every field and shows them again after a reload', async ({ page }) => {
    test.slow();
    await signUp(page, { first_name: 'Amira', last_name: 'Saleh' });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'General details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact and address details' })).toBeVisible();
    await expect(field(page, 'First name')).toHaveValue('Amira');
    await expect(field(page, 'E-mail address')).toBeDisabled();
    await expect(field(page, 'Phone prefix')).toHaveValue('+971');
    await expect(page.getByText('Asia/Dubai', { exact: false })).toBeVisible();

    await field(page, 'Last name').fill('Saleh-Haddad');
    await page.getByLabel('Female').check();
    await field(page, 'Date of Birth').pressSequentially('14021992');
    await expect(field(page, 'Date of Birth')).toHaveValue('14/02/1992');
    await choose(page, 'Timezone', '(UTC+03:00) Asia/Riyadh');
    await fillRequiredAddress(page);
    await field(page, 'Street/Nearest landmark').fill('Near Mall of the Emirates');
    await choose(page, 'City', 'Dubai');
    await choose(page, 'Neighborhoods', 'Dubai Marina');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    await page.reload();
    await expect(field(page, 'Last name')).toHaveValue('Saleh-Haddad');
    await expect(page.getByLabel('Female')).toBeChecked();
    await expect(field(page, 'Date of Birth')).toHaveValue('14/02/1992');
    await expect(page.getByText('(UTC+03:00) Asia/Riyadh')).toBeVisible();
    await expect(field(page, 'Phone number')).toHaveValue('501234567');
    await expect(field(page, 'Street/Nearest landmark')).toHaveValue('Near Mall of the Emirates');
    await expect(page.getByText('Dubai Marina')).toBeVisible();
  });

  test('changing the city clears the neighborhoods; Select all and Clear', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await choose(page, 'City', 'Dubai');
    await page.getByRole('button', { name: 'Select all' }).click();
    const chosenDubai = page.locator('.profile-form').getByText('Dubai Marina');
    await expect(chosenDubai).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove / })).not.toHaveCount(0);
    const selectedCount = await page.getByRole('button', { name: /^Remove / }).count();
    expect(selectedCount).toBeGreaterThanOrEqual(15);

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);

    await choose(page, 'Neighborhoods', 'Dubai Marina');
    await choose(page, 'City', 'Sharjah');
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByText('Type to search neighborhood after select city')).toBeVisible();
  });

  test('an invalid birth date shows the toast and sends nothing', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    const saves = countProfileSaves(page);
    await fillRequiredAddress(page);
    await field(page, 'Date of Birth').pressSequentially('01011899');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The given data of birth date was invalid.')).toBeVisible();
    await expect(field(page, 'Date of Birth')).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toHaveLength(0);
  });

  test('field errors appear under their fields, the first one scrolled to, and nothing is sent', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    const saves = countProfileSaves(page);
    await field(page, 'First name').fill('');
    await field(page, 'Phone prefix').fill('971+');
    await field(page, 'Phone number').fill('05 123');
    await page.getByRole('button', { name: 'Save' }).click();

    const firstName = field(page, 'First name');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The First name field is required')).toBeVisible();
    await expect(page.getByText('The Phone prefix field format is invalid')).toBeVisible();
    await expect(page.getByText('The Phone number field may only contain numeric characters')).toBeVisible();
    await expect(page.getByText('The Apartment/unit/villa/floor no. field is required')).toBeVisible();
    await expect(firstName).toBeFocused();
    await expect(firstName).toBeInViewport();
    const describedBy = await firstName.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy ?? ''}"]`)).toHaveText('The First name field is required');
    expect(saves).toHaveLength(0);
  });

  test("the server's 422 shows the toast and its messages under the fields", async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await fillRequiredAddress(page);
    // A forged request the form would never send: the real server must refuse it.
    await page.route('**/user/profile', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, timezone: 'Mars/Olympus_Mons' }) });
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The given data was invalid.')).toBeVisible();
    await expect(page.getByText('Timezone is not valid.')).toBeVisible();
  });

  test("a 500 shows the response's message; the Save button spins and is disabled meanwhile", async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await fillRequiredAddress(page);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/user/profile', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await answered;
      await route.fulfill({ status: 500, json: { message: 'Server Error' } });
    });
    const save = page.getByRole('button', { name: /Save|Please wait/ });
    await save.click();
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(save).not.toHaveText('Save');
    answer();
    await expect(toast(page, 'Server Error')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('too many picture uploads: no toast, the reason under the picture', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await fillRequiredAddress(page);
    const message = 'Too many pictures uploaded. Please try again in 540 seconds.';
    await page.route('**/user/profile', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 429,
            headers: { 'retry-after': '540' },
            json: { message, errors: { image: [message] } },
          })
        : route.continue(),
    );
    await page
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a failed load offers a retry and never shows an empty form', async ({ page }) => {
    await signUp(page);
    let available = false;
    await page.route('**/cities', (route) =>
      available ? route.continue() : route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
    );
    await page.goto('/profile');
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    available = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(field(page, 'First name')).toHaveValue('Noura');
  });

  test('a first visit asks for its data while the page’s code downloads, and asks nothing twice', async ({ page }) => {
    await signUp(page);
    const asked: string[] = [];
    let profileAsked: () => void = () => undefined;
    const profileRequested = new Promise<boolean>((resolve) => (profileAsked = () => resolve(true)));
    page.on('request', (request) => {
      if (!['xhr', 'fetch'].includes(request.resourceType())) return;
      const { pathname } = new URL(request.url());
      asked.push(pathname);
      if (pathname === '/user/profile') profileAsked();
    });
    // Hold the profile page's script until its data has been asked for, or for 5 s at most.
    let askedWhileHeld = false;
    await page.route('**/js/chunks/profile-page-*.js', async (route) => {
      const giveUp = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000));
      askedWhileHeld = await Promise.race([profileRequested, giveUp]);
      await route.continue();
    });

    await page.goto('/profile');
    await expect(field(page, 'First name')).toHaveValue('Noura');
    expect(askedWhileHeld).toBe(true);
    // The page says who is signed in; each answer the page needs is asked for once.
    expect(asked.filter((pathname) => pathname === '/user')).toEqual([]);
    for (const pathname of ['/user/profile', '/cities', '/timezones']) {
      expect(asked.filter((other) => other === pathname)).toEqual([pathname]);
    }
  });

  test('an uploaded picture is previewed, saved, and shown as the avatar', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await expect(page.getByText('Upload Image')).toBeVisible();
    await page
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const picture = page.getByRole('img', { name: 'Profile picture' });
    await expect(picture).toHaveAttribute('src', /^data:image\/png;base64,/);
    await fillRequiredAddress(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(picture).toHaveAttribute('src', /^\/media\/avatars\/.+\.webp$/);
    const src = await picture.getAttribute('src');
    const served = await page.request.get(src ?? '');
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a file that is not an image is refused before anything is sent', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await page
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('The Image field must be an image')).toBeVisible();
  });

  test('a company account edits its company name and website and uploads a logo', async ({ page }) => {
    await signUp(page, { account_type: 'company', company_name: 'Desert Rose Trading' });
    await page.goto('/profile');
    await expect(page.getByText('Upload Logo')).toBeVisible();
    await expect(field(page, 'Company name')).toHaveValue('Desert Rose Trading');
    await field(page, 'Company website').fill('desertrose.example');
    await fillRequiredAddress(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(field(page, 'Company website')).toHaveValue('desertrose.example');
  });

  test('an individual account has no company fields', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await expect(page.getByText('Upload Image')).toBeVisible();
    await expect(field(page, 'Company name')).toHaveCount(0);
    await expect(field(page, 'Company website')).toHaveCount(0);
  });

  test('a session that ended sends the user to log in and back to the profile', async ({ page, context }) => {
    const account = await signUp(page);
    await page.goto('/profile');
    await fillRequiredAddress(page);
    await context.clearCookies();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(field(page, 'First name')).toHaveValue('Noura');
  });

  test('a save with a stale CSRF token (rotated in another tab) still goes through', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await fillRequiredAddress(page);
    await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', 'stale'));
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/user/profile' && response.request().method() === 'PUT') {
        answers.push(response.status());
      }
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    expect(answers).toEqual([419, 200]);
  });

  test('a signed-out visitor is asked to log in first', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });

  test('is one usable column on a 375px-wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUp(page);
    await page.goto('/profile');
    const first = await field(page, 'First name').boundingBox();
    const last = await field(page, 'Last name').boundingBox();
    expect(first && last && Math.abs(first.x - last.x)).toBeLessThan(1);
    expect(first && last && last.y > first.y).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await fillRequiredAddress(page);
    await choose(page, 'City', 'Abu Dhabi');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
  });

  test('has the sizes of SPEC §9', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCSS('min-height', '56px');
    const cityControl = page
      .locator('.profile-form [class*="-control"]')
      .filter({ has: page.getByRole('combobox', { name: 'City' }) });
    expect((await cityControl.boundingBox())?.height).toBe(55);
    const neighborhoodsControl = page
      .locator('.profile-form [class*="-control"]')
      .filter({ has: page.getByRole('combobox', { name: 'Neighborhoods' }) });
    expect((await neighborhoodsControl.boundingBox())?.height).toBeGreaterThanOrEqual(53);
    await page.getByRole('combobox', { name: 'Timezone' }).click();
    const list = page.getByRole('listbox');
    expect((await list.boundingBox())?.height).toBeLessThanOrEqual(240);
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('width', '80');
  });

  test('can be filled in and saved with the keyboard alone', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await field(page, 'Phone number').focus();
    await page.keyboard.type('501234567');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Villa 7');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Palm Residence');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Near the beach');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jumeirah');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'City', exact: true })).toBeFocused();
    await page.keyboard.type('Dubai');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Neighborhoods' })).toBeFocused();
    await page.keyboard.type('Marina');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const save = page.getByRole('button', { name: 'Save' });
    const isFocused = () => save.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 5 && !(await isFocused()); presses += 1) await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Dubai Marina')).toBeVisible();
    await expect(field(page, 'Area')).toHaveValue('Jumeirah');
  });

  test('has no accessibility violations', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await expect(field(page, 'First name')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});

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
    await signUp(page);
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
    await signUp(page);
    const scripts: URL[] = [];
    await page.route('https://maps.googleapis.com/maps/api/js**', async (route) => {
      scripts.push(new URL(route.request().url()));
      await route.fulfill({ contentType: 'text/javascript', body: FAKE_MAPS_SCRIPT });
    });
    // The page as the server renders it with GOOGLE_MAPS_KEY set: the key in the config, maps in the CSP.
    await page.route('**/profile', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace('"googleMapsKey":null', '"googleMapsKey":"test-key"');
      const csp = (response.headers()['content-security-policy'] ?? '').replace(
        "script-src 'self'",
        "script-src 'self' https://maps.googleapis.com",
      );
      await route.fulfill({ response, body, headers: { ...response.headers(), 'content-security-policy': csp } });
    });
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

test.describe('the profile in real time', () => {
  test("a save in one tab shows in the user's other tab without a reload, and in no one else's", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signUp(page, { first_name: 'Layal' });
    const me = (await (await page.request.get('/user')).json()) as { data: { id: number } };
    const otherTab = await page.context().newPage();
    await otherTab.goto('/profile');
    await page.goto('/profile');
    const stranger = await browser.newContext();
    const strangersPage = await stranger.newPage();
    await signUp(strangersPage, { first_name: 'Karim' });
    await strangersPage.goto('/profile');
    await expect(field(otherTab, 'First name')).toHaveValue('Layal');
    await expect(field(strangersPage, 'First name')).toHaveValue('Karim');
    await expectSubscriptions(baseURL, `private-user.${me.data.id}`, 2);

    await field(page, 'First name').fill('Layla');
    await fillRequiredAddress(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    await expect(field(otherTab, 'First name')).toHaveValue('Layla', { timeout: 15_000 });
    await expect(field(otherTab, 'Phone number')).toHaveValue('501234567');
    await expect(otherTab.getByRole('button', { name: /Layla/ }).first()).toBeVisible();
    await expect(field(strangersPage, 'First name')).toHaveValue('Karim');
    await stranger.close();
  });
});
