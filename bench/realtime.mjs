// The embedded real-time server under load: opens N WebSocket connections (default 10 000) to the
// real app on loopback, reports the server's memory per idle connection, then broadcasts events
// with the `pusher` SDK to 1 000 subscribers among them and reports the delivery latency.
// Run: node bench/realtime.mjs   (CONNECTIONS=n SUBSCRIBERS=n EVENTS=n to change; bounded by TIME_LIMIT_S)
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import Pusher from 'pusher';
import WebSocket from 'ws';

const connections = Number(process.env.CONNECTIONS ?? 10_000);
const subscribers = Math.min(connections, Number(process.env.SUBSCRIBERS ?? 1000));
const events = Number(process.env.EVENTS ?? 200);
const timeLimitMs = Number(process.env.TIME_LIMIT_S ?? 300) * 1000;
const credentials = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
const now = () => performance.timeOrigin + performance.now();

const server = fork(path.join(import.meta.dirname, 'realtime-server.mjs'), {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: {
    ...process.env,
    PUSHER_APP_ID: credentials.appId,
    PUSHER_APP_KEY: credentials.key,
    PUSHER_APP_SECRET: credentials.secret,
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const deadline = setTimeout(() => {
  console.error(`stopped: the benchmark took longer than ${timeLimitMs / 1000} s`);
  server.kill('SIGKILL');
  process.exit(1);
}, timeLimitMs);
const reply = (type) =>
  new Promise((resolve) => server.once('message', (message) => message.type === type && resolve(message)));

const { port } = await reply('listening');
const memory = async () => {
  server.send('memory');
  return reply('memory');
};

/** One idle client: connected and handed its socket id; `onEvent` sees every later message. */
function connect() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${credentials.key}?protocol=7&client=bench&version=1`, {
      perMessageDeflate: false,
    });
    const client = { ws, onEvent: undefined };
    ws.once('message', () => {
      ws.on('message', (data) => client.onEvent?.(data));
      resolve(client);
    });
    ws.once('error', reject);
  });
}

const before = await memory();
const openedAt = now();
const clients = [];
for (let start = 0; start < connections; start += 500) {
  const batch = Array.from({ length: Math.min(500, connections - start) }, connect);
  clients.push(...(await Promise.all(batch)));
}
const openMs = now() - openedAt;
await new Promise((resolve) => setTimeout(resolve, 1000));
const after = await memory();
const perConnection = (field) => (after[field] - before[field]) / connections / 1024;

// 1 000 of them subscribe to one public channel.
const listeners = clients.slice(0, subscribers);
await Promise.all(
  listeners.map(
    (client) =>
      new Promise((resolve) => {
        client.onEvent = resolve;
        client.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench' } }));
      }),
  ),
);

const sdk = new Pusher({ ...credentials, host: '127.0.0.1', port: String(port), useTLS: false });
const latencies = [];
const firsts = [];
const lasts = [];
for (let event = 0; event < events; event += 1) {
  let remaining = subscribers;
  const delivered = new Promise((resolve) => {
    for (const client of listeners) {
      client.onEvent = () => {
        const latency = now() - sentAt;
        latencies.push(latency);
        if (remaining === subscribers) firsts.push(latency);
        remaining -= 1;
        if (remaining === 0) {
          lasts.push(latency);
          resolve();
        }
      };
    }
  });
  const sentAt = now();
  await sdk.trigger('bench', 'tick', { event });
  await delivered;
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const percentile = (p, values = latencies) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const cpu = os.cpus()[0]?.model ?? 'cpu';
console.log(
  `machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(`connections: ${connections} opened in ${Math.round(openMs)} ms`);
console.log(
  `server memory per idle connection: ${perConnection('rss').toFixed(2)} KiB RSS, ` +
    `${perConnection('heapUsed').toFixed(2)} KiB heap, ${perConnection('external').toFixed(2)} KiB external`,
);
console.log(
  `delivery to ${subscribers} subscribers, ${events} events (${latencies.length} deliveries): ` +
    `p50 ${percentile(50).toFixed(1)} ms, p95 ${percentile(95).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms, ` +
    `max ${percentile(100).toFixed(1)} ms`,
);
console.log(
  `per event, median: first subscriber reached after ${percentile(50, firsts).toFixed(1)} ms, ` +
    `last after ${percentile(50, lasts).toFixed(1)} ms`,
);
console.log(
  `load average during the run: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);

for (const client of clients) client.ws.terminate();
clearTimeout(deadline);
server.send('stop');
