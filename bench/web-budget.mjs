// The first-visit budget of the web app: builds it, serves it with the real server, and prints per
// page and language the gzipped JavaScript and CSS a first visit downloads (and what those bytes are),
// then runs Lighthouse (mobile) on the public catalogue pages (a search among them), /login and, signed
// in, on /profile, /sell, /notifications and the demo user's newest order (/orders/:id). The category and product pages are the newest demo listing's.
// Then the back-office (issue 29): /admin's first visit by an admin past the second factor (its first
// screen, the dashboard), and what it adds to that member's own home page: the back-office's own bytes.
// Run: npm run bench:web-budget. WEB_BUDGET_DIST=<dir> measures an existing build instead; LIGHTHOUSE_RUNS=n (default 5).
import fs from 'node:fs';
import os from 'node:os';
import { attribute, firstVisit, launchChromium } from './web-budget-bytes.mjs';
import { audit } from './web-budget-lighthouse.mjs';
import { buildWebApp, signIn, startServer } from './web-budget-server.mjs';
import { passStaffDesk, staffAccount } from './web-budget-staff.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/**
 * KiB of gzipped JavaScript a first visit may download: the public pages 140 (150 from issue 11 until
 * issue 34; /support and the help centre, issue 30; /newsletter, issue 31), /login 150, /profile 160.
 */
const budgetOf = (route) =>
  route === '/' || /^\/(c|items|users|search|support|help|safety|terms|privacy|about|newsletter)\b/.test(route)
    ? 140
    : route === '/login'
      ? 150
      : route === '/profile'
        ? 160
        : undefined;
const demoUser = { email: 'layla@example.com', password: 'demo-password-1' };
const fixedPages = [
  { route: '/', signedIn: false },
  { route: '/login', signedIn: false },
  { route: '/register', signedIn: false },
  { route: '/profile', signedIn: true },
  { route: '/sell', signedIn: true },
  { route: '/notifications', signedIn: true },
  { route: '/account/favourites', signedIn: true },
  { route: '/account/saved-searches', signedIn: true },
  { route: '/account/password', signedIn: true },
  { route: '/account/purchases', signedIn: true },
  { route: '/account/sales', signedIn: true },
  { route: '/account/orders/history', signedIn: true },
  { route: '/forgot-password', signedIn: false },
  { route: '/account/blocked', signedIn: true },
  { route: '/messages', signedIn: true },
  { route: '/verify-email', signedIn: false },
  // Contact us (issue 30): where a visitor lands from a footer's link, held to the public budget.
  { route: '/support', signedIn: false },
  // The help centre (issue 30): the FAQ, a question and a page staff write, held to the public budget.
  { route: '/help', signedIn: false },
  { route: '/help/how-do-offers-and-counter-offers-work', signedIn: false },
  { route: '/safety', signedIn: false },
  { route: '/account/delete', signedIn: true },
  // The newsletter's sign-up (issue 31), held to the public budget.
  { route: '/newsletter', signedIn: false },
];
/** The newest listing's category and product pages, from the demo catalogue. */
async function cataloguePages(base) {
  const response = await fetch(`${base}/api/listings?limit=1`, { headers: { accept: 'application/json' } });
  const listing = response.ok ? (await response.json()).data[0] : undefined;
  if (!listing) return [];
  const product = await (await fetch(`${base}/api/listings/${listing.id}`)).json();
  return [
    ...(product.data.category ? [{ route: `/c/${product.data.category.slug}`, signedIn: false }] : []),
    { route: `/items/${listing.id}/${listing.slug}`, signedIn: false },
    // The seller's page (a public page: its Report control and form, issue 29).
    { route: `/users/${product.data.seller.id}`, signedIn: false },
    // Search (issue 13): words and a category, as the header's suggestion "… in Cars" opens it.
    { route: '/search?q=toyota&category=cars', signedIn: false },
  ];
}
/** The order page (/orders/:id) of the demo user's newest order, open or finished, when she has one. */
async function orderPages(base, cookie) {
  const headers = { accept: 'application/json', cookie: `${cookie.name}=${cookie.value}` };
  for (const url of ['/api/orders?role=buyer', '/api/orders?role=seller']) {
    const response = await fetch(`${base}${url}`, { headers });
    const open = response.ok ? (await response.json()).data : undefined;
    const order = open?.action_needed[0] ?? open?.waiting[0];
    if (order) return [{ route: `/orders/${order.id}`, signedIn: true }];
  }
  for (const url of ['/api/orders/history?role=buyer', '/api/orders/history?role=seller']) {
    const response = await fetch(`${base}${url}`, { headers });
    const order = response.ok ? (await response.json()).data[0] : undefined;
    if (order) return [{ route: `/orders/${order.id}`, signedIn: true }];
  }
  return [];
}
/** Each page in each language: the `locale` cookie the language switch leaves. */
const languages = ['en', 'ar'];

const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(6);
const sum = (files, type, key) =>
  files.filter((file) => file.type === type).reduce((total, file) => total + file[key], 0);
const notFound = (visit) => ['Page not found', 'الصفحة غير موجودة'].includes(visit.heading);

const distDir = process.env.WEB_BUDGET_DIST ?? buildWebApp();
const server = await startServer(distDir);
const browser = await launchChromium(chromiumPath);
try {
  const cookie = await signIn(server.base, demoUser);
  const pages = [
    ...fixedPages.slice(0, 1),
    ...(await cataloguePages(server.base)),
    ...fixedPages.slice(1),
    ...(await orderPages(server.base, cookie)),
  ];
  const audited = pages.map((page) => page.route).filter((route) => route !== '/register');
  const width = Math.max(...pages.map((page) => page.route.length));
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}, Chromium ${browser.version()}; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log('\nfirst visit, empty cache (KiB; gzip -9, brotli 11 in brackets):');
  console.log(`${'page'.padEnd(width)} lang   JS gz  (br)     CSS gz  (br)    files`);
  const visits = [];
  for (const language of languages) {
    for (const { route, signedIn } of pages) {
      const cookies = [{ name: 'locale', value: language }, ...(signedIn ? [cookie] : [])];
      const visit = { ...(await firstVisit(browser, server.base, route, cookies)), language };
      visits.push(visit);
      if (notFound(visit)) {
        console.log(`${route.padEnd(width)} ${language}   (the app has no ${route} page)`);
        continue;
      }
      const { files } = visit;
      const js = sum(files, 'script', 'gz');
      console.log(
        `${route.padEnd(width)} ${language}  ${kib(js)} (${kib(sum(files, 'script', 'br'))})  ` +
          `${kib(sum(files, 'stylesheet', 'gz'))} (${kib(sum(files, 'stylesheet', 'br'))})   ${files.length}` +
          (budgetOf(route)
            ? `   budget ${budgetOf(route)} KiB JS: ${js / 1024 <= budgetOf(route) ? 'met' : 'MISSED'}`
            : ''),
      );
    }
  }

  for (const visit of visits.filter((item) => !notFound(item))) {
    console.log(
      `\n${visit.route} (${visit.language}): the files, and what their JavaScript is (≈ KiB gzip, by source map)`,
    );
    for (const file of visit.files) console.log(`  ${kib(file.gz)}  ${file.url}`);
    const owners = new Map();
    for (const file of visit.files.filter((item) => item.type === 'script')) {
      for (const [owner, bytes] of attribute(distDir, file.url, file.gz))
        owners.set(owner, (owners.get(owner) ?? 0) + bytes);
    }
    const top = [...owners].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(`  ${top.map(([owner, bytes]) => `${owner} ${(bytes / 1024).toFixed(1)}`).join(', ')}`);
  }

  // The back-office: loaded only by staff, on top of the site's shell; its own bytes are what /admin
  // downloads beyond the same member's home page (the entry, the desk, the first screen, its strings).
  const staffCookie = await signIn(server.base, staffAccount);
  await passStaffDesk(server, staffCookie);
  console.log('\nthe back-office, an admin past the second factor (KiB; gzip -9, brotli 11 in brackets):');
  for (const language of languages) {
    const cookies = [{ name: 'locale', value: language }, staffCookie];
    const home = await firstVisit(browser, server.base, '/', cookies);
    const desk = await firstVisit(browser, server.base, '/admin', cookies);
    const own = desk.files.filter((file) => !home.files.some((shell) => shell.url === file.url));
    const line = (files) =>
      `JS ${kib(sum(files, 'script', 'gz'))} (${kib(sum(files, 'script', 'br'))})  ` +
      `CSS ${kib(sum(files, 'stylesheet', 'gz'))} (${kib(sum(files, 'stylesheet', 'br'))})  ${files.length} files`;
    console.log(`/admin ${language} (${desk.heading}): ${line(desk.files)}`);
    console.log(`  the back-office's own: ${line(own)}`);
    for (const file of own) console.log(`    ${kib(file.gz)} (${kib(file.br)})  ${file.url}`);
  }

  // LIGHTHOUSE_RUNS=0 measures the bytes only.
  if (runs > 0)
    console.log(
      `\nLighthouse ${runs}× per page (mobile, simulated slow 4G, 4× CPU slowdown), median by performance; ` +
        `load average ${os.loadavg()[0].toFixed(1)}:`,
    );
  for (const route of runs > 0 ? audited : []) {
    const visit = visits.find((item) => item.route === route && item.language === 'en');
    if (!visit || notFound(visit)) {
      console.log(`${route}: not audited, the app has no ${route} page yet`);
      continue;
    }
    const signedIn = pages.find((item) => item.route === route)?.signedIn;
    const { median, runs: all } = await audit(chromiumPath, `${server.base}${route}`, {
      cookie: signedIn ? cookie : undefined,
      runs,
    });
    const ms = (value) => `${Math.round(value ?? 0)} ms`;
    console.log(
      `${route}: performance ${median.performance} (runs ${all.map((run) => run.performance).join(', ')}), ` +
        `accessibility ${median.accessibility}; FCP ${ms(median.fcp)}, LCP ${ms(median.lcp)}, TBT ${ms(median.tbt)}, ` +
        `CLS ${(median.cls ?? 0).toFixed(3)}, SI ${ms(median.si)}` +
        (median.failedAccessibility.length ? `; failing: ${median.failedAccessibility.join(', ')}` : ''),
    );
  }
} finally {
  await browser.close();
  await server.stop();
  if (!process.env.WEB_BUDGET_DIST) fs.rmSync(distDir, { recursive: true, force: true });
}
