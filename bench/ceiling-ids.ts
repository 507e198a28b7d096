/** What the Koa ceiling (bench/ceiling-koa-server.ts) stores and accepts, shared with the load side. */
export const CEILING_PROJECT = 'ceiling';
export const CEILING_TOKEN = 'ceiling-token-0123456789abcdefghij';
export const ceilingId = (i: number): string => `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;
/** Rows the Koa ceiling stores, as many as the stores ours and the emulator get. */
export const CEILING_ROWS = 10_000;
