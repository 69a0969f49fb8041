// Chat under load: CONVERSATIONS open conversations (default 1 000) with both participants connected
// to the real app's embedded real-time server, each subscribed to the conversation's private channel;
// then messages sent through the API (POST /api/conversations/:id/messages) at a steady RATE per
// second for DURATION seconds, open loop, each from one participant of a conversation in turn; the
// time from sending to the other participant's socket receiving `message.created` is the latency.
// Run: npm run bench:chat. Env: CONVERSATIONS (1000), SELLERS (50), BUYERS (250), RATE (50/s),
// DURATION (20 s). Users are registered through the API first (argon2: about a minute on 2 cores).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import WebSocket from 'ws';
import { call, signedInUser, startBenchServer } from './bench-http.mjs';

const conversationsWanted = Number(process.env.CONVERSATIONS ?? 1000);
const sellerCount = Number(process.env.SELLERS ?? 50);
const buyerCount = Number(process.env.BUYERS ?? 250);
const rate = Number(process.env.RATE ?? 50);
const durationS = Number(process.env.DURATION ?? 20);
// Enough listings that every buyer can ask about several: conversations are (listing, buyer) pairs.
const listingsPerSeller = Math.max(1, Math.ceil(conversationsWanted / buyerCount));
const now = () => performance.timeOrigin + performance.now();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-chat-'));
const server = startBenchServer(dataDir, {
  REGISTER_MAX_ATTEMPTS: '100000',
  LISTINGS_PER_HOUR: '100000',
  PHOTO_UPLOADS_PER_HOUR: '100000',
  MESSAGES_PER_MINUTE: '100000',
  PUSHER_APP_KEY: 'bench-key',
  REALTIME_MAX_CONNECTIONS: '100000',
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
});

/** In batches of `size` at a time: registering hundreds at once would only queue on argon2. */
async function inBatches(count, size, make) {
  const made = [];
  for (let start = 0; start < count; start += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i)))));
  }
  return made;
}

/** A user's WebSocket, signed in through /broadcasting/auth as the web app does; `subscribe` resolves once subscribed. */
function openSocket(base, port, user) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/bench-key?protocol=7&client=bench&version=1`, {
      perMessageDeflate: false,
    });
    const waiting = new Map();
    const socket = { ws, socketId: '', onMessage: undefined };
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.event === 'pusher:connection_established') {
        socket.socketId = JSON.parse(message.data).socket_id;
        resolve(socket);
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        waiting.get(message.channel)?.();
      } else if (message.event === 'message.created') {
        socket.onMessage?.(JSON.parse(message.data), message.channel);
      }
    });
    ws.once('error', reject);
    socket.subscribe = async (channel) => {
      const { auth } = await call(base, user, 'POST', '/broadcasting/auth', {
        socket_id: socket.socketId,
        channel_name: channel,
      });
      const done = new Promise((ok) => waiting.set(channel, ok));
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      await done;
    };
  });
}

let report;
try {
  const port = await server.port;
  const base = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, 'mail');
  const setupStarted = now();
  const sellers = await inBatches(sellerCount, 8, (i) => signedInUser(base, `seller${i}`, { mailDir }));
  const buyers = await inBatches(buyerCount, 8, (i) => signedInUser(base, `buyer${i}`, { mailDir }));
  const registeredMs = now() - setupStarted;

  const categories = (await call(base, sellers[0], 'GET', '/api/categories')).data;
  const phones = categories.find((category) => category.slug === 'mobile-phones');
  const dubai = (await call(base, sellers[0], 'GET', '/cities')).data.find((city) => city.name === 'Dubai');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const listings = [];
  for (const [index, seller] of sellers.entries()) {
    for (let n = 0; n < listingsPerSeller; n += 1) {
      const draft = (await call(base, seller, 'POST', '/api/listings', { category_id: phones.id })).data;
      await call(base, seller, 'PATCH', `/api/listings/${draft.id}`, {
        title: `Phone ${index}-${n} for sale`,
        description: 'In good condition, with its box and cable.',
        condition: 'good',
        price_fils: 100_000,
        negotiable: true,
        attributes: { brand: 'apple', storage: '128gb' },
        city_id: dubai.id,
        pickup: true,
        delivery: false,
      });
      await call(base, { ...seller, 'content-type': 'image/jpeg' }, 'POST', `/api/listings/${draft.id}/photos`, photo);
      await call(base, seller, 'POST', `/api/listings/${draft.id}/publish`);
      listings.push({ id: draft.id, seller });
    }
  }

  // Each buyer asks about listings in turn until there are enough conversations.
  const conversations = [];
  for (let index = 0; conversations.length < conversationsWanted; index += 1) {
    const buyer = buyers[index % buyers.length];
    const listing = listings[(index + Math.floor(index / buyers.length)) % listings.length];
    const started = await call(base, buyer, 'POST', '/api/conversations', { listing_id: listing.id });
    if (conversations.some((conversation) => conversation.id === started.data.id)) continue;
    conversations.push({ id: started.data.id, buyer, seller: listing.seller });
  }

  // One socket per user, subscribed to each of their conversations' channels.
  const sockets = new Map();
  for (const user of [...sellers, ...buyers]) sockets.set(user, await openSocket(base, port, user));
  for (const conversation of conversations) {
    const channel = `private-conversation.${conversation.id}`;
    await sockets.get(conversation.buyer).subscribe(channel);
    await sockets.get(conversation.seller).subscribe(channel);
  }
  const setupMs = now() - setupStarted;

  // One message in flight per conversation (a conversation's turn comes every CONVERSATIONS / RATE s).
  const sentAt = new Map();
  const latencies = [];
  let failures = 0;
  let outstanding = 0;
  for (const conversation of conversations) {
    for (const [listener, sender] of [
      [conversation.buyer, conversation.seller],
      [conversation.seller, conversation.buyer],
    ]) {
      const socket = sockets.get(listener);
      const previous = socket.onMessage;
      socket.onMessage = (data, channel) => {
        previous?.(data, channel);
        if (channel !== `private-conversation.${conversation.id}`) return;
        const sent = sentAt.get(conversation.id);
        if (!sent || sent.from !== sender) return;
        latencies.push(now() - sent.at);
        sentAt.delete(conversation.id);
        outstanding -= 1;
      };
    }
  }
  const total = Math.round(rate * durationS);
  const started = now();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / rate;
    const wait = due - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const conversation = conversations[n % conversations.length];
    const from = n % 2 === 0 ? conversation.buyer : conversation.seller;
    sentAt.set(conversation.id, { at: now(), from });
    outstanding += 1;
    call(base, from, 'POST', `/api/conversations/${conversation.id}/messages`, {
      client_id: `bench-${n}-${Date.now()}`,
      body: `Message ${n}: is it still available?`,
    }).catch(() => {
      failures += 1;
    });
  }
  const drainDeadline = now() + 10_000;
  while (outstanding > 0 && now() < drainDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const sendingS = (now() - started) / 1000;

  const sorted = [...latencies].sort((a, b) => a - b);
  const percentile = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  report = {
    registeredMs,
    setupMs,
    users: sellers.length + buyers.length,
    conversations: conversations.length,
    sent: total,
    delivered: latencies.length,
    failures,
    sendingS,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    max: sorted.at(-1) ?? NaN,
  };
  for (const socket of sockets.values()) socket.ws.terminate();
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const cpus = os.cpus();
console.log(
  `machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `${report.conversations} conversations between ${report.users} users, both sides connected ` +
    `(registering took ${(report.registeredMs / 1000).toFixed(0)} s, all set-up ${(report.setupMs / 1000).toFixed(0)} s)`,
);
console.log(
  `${report.sent} messages at ${rate}/s through the API in ${report.sendingS.toFixed(1)} s: ` +
    `${report.delivered} reached the other participant, ${report.failures} sends failed`,
);
console.log(
  `send → other participant's socket: p50 ${report.p50.toFixed(1)} ms, p95 ${report.p95.toFixed(1)} ms, ` +
    `p99 ${report.p99.toFixed(1)} ms, max ${report.max.toFixed(1)} ms (target p95 ≤ 100 ms)`,
);
console.log(
  `load average after the run: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
