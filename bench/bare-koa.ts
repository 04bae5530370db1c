// A bare Koa hello-world, the baseline the API's throughput is compared with. Runs as its own process
// (`node --import tsx bench/bare-koa.ts --port 0`) so it is measured exactly like the dev server: same
// loader, same http server settings, announced by the same `listening on URL` line.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import Koa from 'koa';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } } });
const app = new Koa();
app.use((ctx) => {
  ctx.body = { ok: true };
});

const server = createServer(app.callback());
server.keepAliveTimeout = 5_000; // as hosts/http/server.ts
server.listen(Number(values.port ?? 0), values.host ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening on http://${values.host ?? '127.0.0.1'}:${port}/`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
