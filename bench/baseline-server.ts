/**
 * The baseline: a bare Koa handler on the same machine and Node, answering with BASELINE_BODY (the
 * same JSON document the measured endpoint returns, so the ratio measures the server's own work
 * rather than the size of the payload).
 */
import Koa from 'koa';

const body: unknown = JSON.parse(process.env.BASELINE_BODY ?? '{"key":"demo","name":"demo","version":1}');
const app = new Koa();
app.use(async (ctx) => {
  ctx.body = body;
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
});
