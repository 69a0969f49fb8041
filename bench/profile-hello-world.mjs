// The reference for bench/profile.mjs: a bare Fastify app answering {hello: 'world'}, started as its
// own process like the real server. Prints "listening on <port>".
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
