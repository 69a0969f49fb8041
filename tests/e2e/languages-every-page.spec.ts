import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { chooseLanguage } from './support/languages';
import { api, csrfToken, publishPhone, type PublishedListing } from './support/listings';
import { grantStaffRole, setUpSecondFactor } from './support/staff';

type Language = 'en' | 'ar';

/**
 * What may stay in another script on a page: e-mail addresses, IANA time-zone names (Asia/Dubai),
 * anything marked as written in another language (the switch's "English" / "العربية"), and what
 * users wrote (`data-user-content`: a listing's title, a seller's name), which stays as they wrote it.
 */
const ALLOWED = [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, /\b[A-Z][A-Za-z]+(?:\/[A-Z][A-Za-z_ -]*)+/g];
const FOREIGN = { en: /[\u0600-\u06ff]/, ar: /[A-Za-z]/ } as const;
/** A catalogue key or an encoded message shown as it is: the app failed to translate it. */
const RAW_MESSAGE = /^(?:[a-z]+\.[a-zA-Z_]+|\{"key":.*)$/;

/** Every text a reader meets (text nodes, hidden ones for screen readers too, and the attributes read out). */
function textsOf(page: Page, language: Language) {
  return page.evaluate((lang) => {
    const found: string[] = [];
    const inOwnLanguage = (element: Element | null) =>
      (element?.closest('[lang]')?.getAttribute('lang') ?? lang) === lang && !element?.closest('[data-user-content]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript') || !inOwnLanguage(parent)) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]'))) {
      if (!inOwnLanguage(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    // The title may quote what users wrote (a listing's title, a seller's name), as the page shows it.
    const written = Array.from(document.querySelectorAll('[data-user-content]'), (element) =>
      (element.textContent ?? '').trim(),
    ).filter(Boolean);
    found.push(written.reduce((title, text) => title.replaceAll(text, ''), document.title));
    return found;
  }, language);
}

async function expectTranslated(page: Page, language: Language) {
  const texts = await textsOf(page, language);
  expect(texts.length).toBeGreaterThan(3);
  const untranslated = texts.filter((text) => {
    const rest = ALLOWED.reduce((remaining, pattern) => remaining.replaceAll(pattern, ''), text);
    return FOREIGN[language].test(rest) || RAW_MESSAGE.test(text);
  });
  expect(untranslated).toEqual([]);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

/**
 * Nothing wider than the phone's screen. Measured against the width set, not `innerWidth`: a phone's
 * layout viewport widens to the content, so a page wider than the screen would compare equal.
 */
async function expectNoHorizontalOverflow(page: Page) {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const wider = await page.evaluate(
    (width) =>
      [
        document.documentElement.scrollWidth,
        ...Array.from(document.querySelectorAll('header *')).map((element) => element.getBoundingClientRect().right),
      ]
        .filter((right) => right > width + 0.5)
        .map(Math.round),
    screenWidth,
  );
  expect(wider, `wider than the ${screenWidth} px screen`).toEqual([]);
}

type Texts = Record<Language, string>;
interface PageCase {
  name: string;
  /** `order`: the signed-in user's offer on the shared listing (its id is in the path). */
  path: string | ((listing: PublishedListing, order?: number) => string);
  signedIn: boolean;
  heading: Texts | ((listing: PublishedListing) => Texts);
}

const both = (text: string): Texts => ({ en: text, ar: text });

const pages: PageCase[] = [
  { name: 'home', path: '/', signedIn: false, heading: { en: 'Buy and sell with people', ar: 'بِع واشترِ' } },
  { name: 'login', path: '/login', signedIn: false, heading: { en: 'Log in', ar: 'تسجيل الدخول' } },
  { name: 'register', path: '/register', signedIn: false, heading: { en: 'Create an account', ar: 'إنشاء حساب' } },
  { name: '404', path: '/no/such/page', signedIn: false, heading: { en: 'Page not found', ar: 'الصفحة غير موجودة' } },
  { name: 'home, signed in', path: '/', signedIn: true, heading: { en: 'Welcome back', ar: 'مرحبًا بعودتك' } },
  { name: 'profile', path: '/profile', signedIn: true, heading: { en: 'Profile', ar: 'الملف الشخصي' } },
  {
    name: 'category',
    // Filtered (issue 32): its chips and its column of filters are on the page too.
    path: '/c/mobile-phones?a.brand=apple,samsung&max_price=5000&sort=price_asc',
    signedIn: false,
    heading: { en: 'Mobile phones', ar: 'هواتف محمولة' },
  },
  {
    name: 'product',
    path: (listing) => `/items/${listing.id}/${listing.slug}`,
    signedIn: false,
    heading: (listing) => both(listing.title),
  },
  {
    name: 'search',
    path: '/search?category=mobile-phones&condition=good,like_new&sort=price_asc',
    signedIn: false,
    heading: { en: 'Mobile phones', ar: 'هواتف محمولة' },
  },
  {
    name: 'seller',
    path: (listing) => `/users/${listing.sellerId}`,
    signedIn: false,
    heading: (listing) => both(listing.sellerName),
  },
  {
    name: 'order',
    path: (_listing, order) => `/orders/${order}`,
    signedIn: true,
    heading: { en: 'Order', ar: 'الطلب' },
  },
  { name: 'sell', path: '/sell', signedIn: true, heading: { en: 'Sell an item', ar: 'بيع منتج' } },
  { name: 'my listings', path: '/account/items', signedIn: true, heading: { en: 'My listings', ar: 'إعلاناتي' } },
  {
    name: 'listing history',
    path: '/account/items/history',
    signedIn: true,
    heading: { en: 'Listing history', ar: 'سجل الإعلانات' },
  },
  { name: 'notifications', path: '/notifications', signedIn: true, heading: { en: 'Notifications', ar: 'الإشعارات' } },
  {
    name: 'notification settings',
    path: '/account/notifications',
    signedIn: true,
    heading: { en: 'Notification settings', ar: 'إعدادات الإشعارات' },
  },
  { name: 'favourites', path: '/account/favourites', signedIn: true, heading: { en: 'Favourites', ar: 'المفضلة' } },
  {
    name: 'saved searches',
    path: '/account/saved-searches',
    signedIn: true,
    heading: { en: 'Saved searches', ar: 'عمليات البحث المحفوظة' },
  },
  {
    name: 'password and security',
    path: '/account/password',
    signedIn: true,
    heading: { en: 'Password and security', ar: 'كلمة المرور والأمان' },
  },
  { name: 'my purchases', path: '/account/purchases', signedIn: true, heading: { en: 'My purchases', ar: 'مشترياتي' } },
  { name: 'my sales', path: '/account/sales', signedIn: true, heading: { en: 'My sales', ar: 'مبيعاتي' } },
  {
    name: 'orders history',
    path: '/account/orders/history',
    signedIn: true,
    heading: { en: 'Orders history', ar: 'سجل الطلبات' },
  },
  {
    name: 'messages',
    path: '/messages',
    signedIn: true,
    heading: { en: 'Messages', ar: 'الرسائل' },
  },
  {
    name: 'blocked people',
    path: '/account/blocked',
    signedIn: true,
    heading: { en: 'Blocked people', ar: 'الأشخاص المحظورون' },
  },
  {
    name: 'forgot password',
    path: '/forgot-password',
    signedIn: false,
    heading: { en: 'Forgot your password', ar: 'نسيت كلمة المرور' },
  },
  {
    name: 'reset password',
    path: '/reset-password',
    signedIn: false,
    heading: { en: 'Set a new password', ar: 'تعيين كلمة مرور جديدة' },
  },
  {
    name: 'verify e-mail',
    path: '/verify-email',
    signedIn: false,
    heading: { en: 'Confirm your e-mail address', ar: 'تأكيد بريدك الإلكتروني' },
  },
  {
    name: 'your data and deleting your account',
    path: '/account/delete',
    signedIn: true,
    heading: { en: 'Your data and deleting your account', ar: 'بياناتك وحذف حسابك' },
  },
  // The newsletter's sign-up (issue 31).
  {
    name: 'newsletter',
    path: '/newsletter',
    signedIn: false,
    heading: { en: 'The Marketplace newsletter', ar: 'النشرة البريدية للسوق' },
  },
  { name: 'contact us', path: '/support', signedIn: false, heading: { en: 'Contact us', ar: 'تواصل معنا' } },
  { name: 'contact us, signed in', path: '/support', signedIn: true, heading: { en: 'Contact us', ar: 'تواصل معنا' } },
  { name: 'my requests', path: '/account/support', signedIn: true, heading: { en: 'Your requests', ar: 'طلباتك' } },
  // The help centre (issue 30): staff's words, seeded in both languages.
  { name: 'help', path: '/help', signedIn: false, heading: { en: 'How can we help?', ar: 'كيف يمكننا مساعدتك؟' } },
  {
    name: 'help, searched',
    path: '/help?q=offer',
    signedIn: true,
    heading: { en: 'How can we help?', ar: 'كيف يمكننا مساعدتك؟' },
  },
  {
    name: 'a question',
    path: '/help/how-do-i-pay',
    signedIn: false,
    heading: { en: 'How do I pay for an item?', ar: 'كيف أدفع ثمن المنتج؟' },
  },
  { name: 'safety', path: '/safety', signedIn: false, heading: { en: 'Safety tips', ar: 'نصائح الأمان' } },
  { name: 'terms', path: '/terms', signedIn: false, heading: { en: 'Terms of use', ar: 'شروط الاستخدام' } },
  { name: 'privacy', path: '/privacy', signedIn: true, heading: { en: 'Privacy', ar: 'الخصوصية' } },
  { name: 'about', path: '/about', signedIn: false, heading: { en: 'About Marketplace', ar: 'عن السوق' } },
];

/**
 * The back-office's screens (issue 29), for an admin past the second factor: `path` and `heading` may
 * name the shared listing (its moderation screen, its seller's page in the back-office).
 */
interface StaffPageCase {
  name: string;
  path: string | ((listing: PublishedListing) => string);
  heading: Texts | ((listing: PublishedListing) => Texts);
}

const staffPages: StaffPageCase[] = [
  { name: 'back-office dashboard', path: '/admin', heading: { en: 'Dashboard', ar: 'لوحة المتابعة' } },
  { name: 'moderation queue', path: '/admin/moderation', heading: { en: 'Moderation', ar: 'الإشراف' } },
  {
    name: 'moderation of a listing',
    path: (listing) => `/admin/moderation/listing/${listing.id}`,
    heading: (listing) => both(listing.title),
  },
  { name: 'users', path: '/admin/users', heading: { en: 'Users', ar: 'المستخدمون' } },
  {
    name: 'one user',
    path: (listing) => `/admin/users/${listing.sellerId}`,
    // The back-office names people in full, where the public pages say "Samir H.".
    heading: (listing) => both(listing.sellerName.split(' ')[0] ?? ''),
  },
  { name: 'back-office listings', path: '/admin/listings', heading: { en: 'Listings', ar: 'الإعلانات' } },
  { name: 'categories', path: '/admin/categories', heading: { en: 'Categories', ar: 'الفئات' } },
  { name: 'audit log', path: '/admin/audit', heading: { en: 'Audit log', ar: 'سجل التدقيق' } },
  { name: 'staff', path: '/admin/staff', heading: { en: 'Staff', ar: 'الموظفون' } },
  { name: 'support desk', path: '/admin/support', heading: { en: 'Support tickets', ar: 'تذاكر الدعم' } },
  { name: 'saved replies', path: '/admin/support/canned', heading: { en: 'Saved replies', ar: 'الردود المحفوظة' } },
  {
    name: 'the FAQ editor',
    path: '/admin/help',
    heading: { en: 'Help centre: questions', ar: 'مركز المساعدة: الأسئلة' },
  },
  {
    name: 'the help pages',
    path: '/admin/help/pages',
    heading: { en: 'Help centre: pages', ar: 'مركز المساعدة: الصفحات' },
  },
  // Issue 31: the home page's quotes.
  { name: 'testimonials', path: '/admin/testimonials', heading: { en: 'Testimonials', ar: 'آراء المستخدمين' } },
  { name: 'newsletter issues', path: '/admin/newsletter', heading: { en: 'Newsletter', ar: 'النشرة البريدية' } },
  {
    name: 'a page’s editor',
    path: '/admin/help/pages/privacy',
    heading: { en: 'Edit “Privacy”', ar: 'تحرير «الخصوصية»' },
  },
];

/** One live listing for the catalogue's pages, published once per worker by its own seller. */
let published: Promise<PublishedListing> | undefined;
function aListing(browser: Browser): Promise<PublishedListing> {
  published ??= (async () => {
    const context = await browser.newContext();
    try {
      return await publishPhone(await context.newPage());
    } finally {
      await context.close();
    }
  })();
  return published;
}

/** A user whose name is in the page's script, so their own data need not be allowed for. */
const names = { en: { first_name: 'Noura', last_name: 'Khalil' }, ar: { first_name: 'نورة', last_name: 'خليل' } };

/** The shared listing's seller, signed in once per worker: they write to the sweep's buyers. */
let sellerPage: Promise<Page> | undefined;
function theSeller(browser: Browser, listing: PublishedListing): Promise<Page> {
  sellerPage ??= (async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, { email: listing.sellerEmail });
    await page.goto('/');
    return page;
  })();
  return sellerPage;
}

/** Two-digit badges on the header (unread messages, unread notifications), the widest it shows. */
const BADGE_COUNT = 12;

/**
 * The header as a busy user sees it: unread messages from the seller and unread notifications, topped
 * up to BADGE_COUNT before each page (a page may have read some).
 */
async function showBadges(page: Page, browser: Browser, listing: PublishedListing) {
  const token = await csrfToken(page);
  const unreadNotifications = (await api(page.request, token, 'GET', '/api/notifications/unread-count')).data
    .unread_count as number;
  for (let raised = unreadNotifications; raised < BADGE_COUNT; raised += 1) {
    await api(page.request, token, 'POST', '/api/test/notifications', {});
  }
  const unreadMessages = (await api(page.request, token, 'GET', '/api/conversations/unread-count')).data
    .unread_count as number;
  // Still two digits: no more (the seller writes to every buyer of the sweep: playwright.config.ts lifts its limit).
  if (unreadMessages >= 10) return;
  const conversations = (await api(page.request, token, 'GET', '/api/conversations')).data as unknown as {
    id: number;
    listing: { id: number };
  }[];
  const conversation = conversations.find((each) => each.listing.id === listing.id);
  if (!conversation) throw new Error('the offer made no conversation');
  const seller = await theSeller(browser, listing);
  const sellerToken = await csrfToken(seller);
  for (let sent = unreadMessages; sent < BADGE_COUNT; sent += 1) {
    await api(seller.request, sellerToken, 'POST', `/api/conversations/${conversation.id}/messages`, {
      client_id: `badge-${conversation.id}-${Date.now().toString(36)}-${sent}`,
      body: 'Is Saturday morning good for you?',
    });
  }
}

/**
 * A new account reading the site in `language`, with an offer on the shared listing, so that every
 * signed-in page shows real content (a purchase, its order, its conversation), its header's badges showing.
 */
async function signInAs(page: Page, browser: Browser, language: Language, listing: PublishedListing) {
  await signIn(page, names[language]);
  // The signed-in session's CSRF token comes with its first page.
  await page.goto('/');
  const order = await api(page.request, await csrfToken(page), 'POST', '/api/orders', {
    listing_id: listing.id,
    kind: 'offer',
    offer_fils: 100_000,
    delivery_method: 'pickup',
  });
  await showBadges(page, browser, listing);
  return order.data.id;
}

/**
 * A member of their own per language per worker, in a browser that stays open from one signed-in page
 * to the next (signing in again and loading a first page for each cost the sweep a second a page).
 */
const members: Partial<Record<Language, Promise<{ page: Page; orderId: number }>>> = {};
function theMember(browser: Browser, baseURL: string | undefined, language: Language, listing: PublishedListing) {
  members[language] ??= (async () => {
    const context = await browser.newContext();
    await chooseLanguage(context, baseURL, language);
    const page = await context.newPage();
    return { page, orderId: await signInAs(page, browser, language, listing) };
  })();
  return members[language];
}

/**
 * An admin of their own per language per worker, in a browser of their own that stays open: made
 * staff by the test hook, their second factor set up once (a session passes it for 12 hours, and an
 * app's code is taken once), then reading the site in `language`, with the header's badges showing.
 */
const staffMembers: Partial<Record<Language, Promise<Page>>> = {};
function theStaffMember(browser: Browser, baseURL: string | undefined, language: Language, listing: PublishedListing) {
  staffMembers[language] ??= (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, browser, language, listing);
    await grantStaffRole(page, 'admin');
    await setUpSecondFactor(page);
    await chooseLanguage(context, baseURL, language);
    return page;
  })();
  return staffMembers[language];
}

/** The footer's links: address, English, Arabic. */
const FOOTER_LINKS = [
  ['/help', 'Help', 'المساعدة'],
  ['/support', 'Contact us', 'تواصل معنا'],
  ['/safety', 'Safety', 'الأمان'],
  ['/terms', 'Terms', 'الشروط'],
  ['/privacy', 'Privacy', 'الخصوصية'],
  ['/about', 'About us', 'من نحن'],
] as const;

/**
 * The page as its reader meets it: its direction and heading, every text in its language; then on a
 * 375 px phone, its menu closed and open, nothing wider than the screen, still all in its language.
 * axe once per layout, the two layouts split between the languages: the wide one in English, the
 * phone's with its menu open in Arabic. axe's rules read the page's structure, names and colours,
 * which the reading direction does not change; what it does change (every text in its language,
 * nothing wider than the screen) is checked in both. An axe run was half of each page's time.
 */
async function expectReadable(page: Page, language: Language, heading: Texts, path: string) {
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(heading[language]);
  if (path === '/profile')
    await expect(page.getByRole('button', { name: language === 'ar' ? 'حفظ' : 'Save' })).toBeVisible();
  await expectTranslated(page, language);
  // The footer on every page: the help centre's links and the other language.
  const footer = page.getByRole('contentinfo');
  for (const [href, en, ar] of FOOTER_LINKS)
    await expect(footer.getByRole('link', { name: language === 'en' ? en : ar, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  await expect(footer.getByRole('button', { name: language === 'en' ? 'العربية' : 'English' })).toBeVisible();
  if (language === 'en') await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 740 });
  const menu = page.getByRole('button', { name: language === 'ar' ? 'القائمة' : 'Menu', exact: true });
  await expect(menu).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectTranslated(page, language);
  await menu.click();
  await expectTranslated(page, language);
  await expectNoHorizontalOverflow(page);
  if (language === 'ar') await expectNoAxeViolations(page);
}

for (const language of ['en', 'ar'] as const) {
  for (const { name, path, signedIn, heading } of pages) {
    test(`${name} in ${language === 'en' ? 'English' : 'Arabic'}: all translated, no overflow at 375 px, no axe violations`, async ({
      context,
      baseURL,
      browser,
    }) => {
      const needsListing = signedIn || typeof path === 'function' || typeof heading === 'function';
      const listing = needsListing ? await aListing(browser) : undefined;
      let page: Page;
      let orderId: number | undefined;
      if (signedIn && listing) {
        ({ page, orderId } = await theMember(browser, baseURL, language, listing));
        // The last page left this browser on a phone's width, its menu open.
        await page.setViewportSize({ width: 1280, height: 720 });
        await showBadges(page, browser, listing);
      } else {
        await chooseLanguage(context, baseURL, language);
        page = await context.newPage();
      }
      const target = typeof path === 'function' && listing ? path(listing, orderId) : String(path);
      await page.goto(target);
      const headingText = typeof heading === 'function' && listing ? heading(listing) : (heading as Texts);
      await expectReadable(page, language, headingText, target);
    });
  }
}

for (const language of ['en', 'ar'] as const) {
  for (const { name, path, heading } of staffPages) {
    test(`${name} in ${language === 'en' ? 'English' : 'Arabic'}: all translated, no overflow at 375 px, no axe violations`, async ({
      browser,
      baseURL,
    }) => {
      // Setting up the second factor, then a screen that draws every staff action since the run began.
      test.setTimeout(60_000);
      const listing = await aListing(browser);
      const page = await theStaffMember(browser, baseURL, language, listing);
      // The last screen left this browser on a phone's width, its menu open.
      await page.setViewportSize({ width: 1280, height: 720 });
      await showBadges(page, browser, listing);
      const target = typeof path === 'function' ? path(listing) : path;
      await page.goto(target);
      await expectReadable(page, language, typeof heading === 'function' ? heading(listing) : heading, target);
    });
  }
}
