import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { choose, field, fillRequiredAddress, toast } from './support/profile-form';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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
    await signIn(page, { first_name: 'Amira', last_name: 'Saleh' });
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
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
    await signIn(page);
    await page.goto('/profile');
    await page
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('The Image field must be an image')).toBeVisible();
  });

  test('a company account edits its company name and website and uploads a logo', async ({ page }) => {
    await signIn(page, { account_type: 'company', company_name: 'Desert Rose Trading' });
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
    await signIn(page);
    await page.goto('/profile');
    await expect(page.getByText('Upload Image')).toBeVisible();
    await expect(field(page, 'Company name')).toHaveCount(0);
    await expect(field(page, 'Company website')).toHaveCount(0);
  });

  test('a session that ended sends the user to log in and back to the profile', async ({ page, context }) => {
    const account = await signIn(page);
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
    await signIn(page);
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
});
