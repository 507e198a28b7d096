/** The baseline: a bare Koa handler answering a small JSON body, on the same machine and Node. */
import Koa from 'koa';

const app = new Koa();
app.use(async (ctx) => {
  ctx.body = { key: 'demo', name: 'demo', version: 1 };
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
});
