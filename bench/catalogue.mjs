// The catalogue's public reads, as a visitor makes them, with autocannon against the real server in
// the same run as a bare Fastify hello-world on this machine: a product page's data
// (GET /api/listings/:id), a category's first page (GET /api/listings?category=…&limit=24), and the
// two pages' HTML as the server sends them (meta tags, JSON-LD and that first data inside).
// Run: npm run bench:catalogue. Env: DURATION (s, default 10), CONNECTIONS (default 100),
// LISTINGS (default 200: published through the API, one photo each, before measuring).
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { call, connections, duration, measure, signedInUser, startBenchServer, startProcess } from './bench-http.mjs';

const listings = Number(process.env.LISTINGS ?? 200);

const hello = startProcess(['bench/profile-hello-world.mjs'], {}, /listening on (\d+)/);
const helloResult = await measure(`http://127.0.0.1:${await hello.port}/`);
await hello.stop();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-catalogue-'));
const server = startBenchServer(dataDir, {
  LISTINGS_PER_HOUR: '100000',
  PHOTO_UPLOADS_PER_HOUR: '100000',
});

let results;
try {
  const base = `http://127.0.0.1:${await server.port}`;
  const seller = await signedInUser(base, 0, { mailDir: path.join(dataDir, 'mail') });
  const categories = (await call(base, seller, 'GET', '/api/categories')).data;
  const phones = categories.find((category) => category.slug === 'mobile-phones');
  const dubai = (await call(base, seller, 'GET', '/cities')).data.find((city) => city.name === 'Dubai');
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  let last;
  for (let index = 0; index < listings; index += 1) {
    const draft = (await call(base, seller, 'POST', '/api/listings', { category_id: phones.id })).data;
    await call(base, seller, 'PATCH', `/api/listings/${draft.id}`, {
      title: `iPhone ${12 + (index % 4)}, ${[64, 128, 256][index % 3]} GB, number ${index}`,
      description: 'Bought in 2022, always in a case, battery health 91%. Box and cable included.',
      condition: 'like_new',
      price_fils: 100_000 + index * 500,
      negotiable: index % 2 === 0,
      attributes: { brand: 'apple', storage: '128gb' },
      city_id: dubai.id,
      pickup: true,
      delivery: false,
    });
    await call(base, { ...seller, 'content-type': 'image/jpeg' }, 'POST', `/api/listings/${draft.id}/photos`, photo);
    last = (await call(base, seller, 'POST', `/api/listings/${draft.id}/publish`)).data;
  }
  const visitor = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const html = { accept: 'text/html' };
  results = [
    ['GET /api/listings/:id (product data)', await measure(`${base}/api/listings/${last.id}`, { headers: visitor })],
    [
      'GET /api/listings?category=…&limit=24',
      await measure(`${base}/api/listings?category=mobile-phones&limit=24`, { headers: visitor }),
    ],
    ['GET /items/:id/:slug (HTML)', await measure(`${base}/items/${last.id}/${last.slug}`, { headers: html })],
    ['GET /c/:category (HTML)', await measure(`${base}/c/mobile-phones`, { headers: html })],
  ];
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const cpus = os.cpus();
console.log(
  `machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `${connections} connections, ${duration} s each after a 3 s warm-up; ` +
    `${listings} active listings; load average ${os.loadavg()[0].toFixed(1)}`,
);
const row = (cells) => `| ${cells.join(' | ')} |`;
console.log(row(['route', 'req/s', 'p99', 'no answer', 'ratio to hello-world']));
console.log(row(['---', '---:', '---:', '---:', '---:']));
const line = (route, result, ratio) =>
  console.log(row([route, Math.round(result.rps), `${result.p99} ms`, result.errors, ratio]));
line('hello-world (bare Fastify)', helloResult, '1.00');
for (const [route, result] of results) line(route, result, (result.rps / helloResult.rps).toFixed(2));
