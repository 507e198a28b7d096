import { TooManyRequestsError } from '../errors/api-error.js';
import { MAX_QUEUED_DERIVATIONS, verifySecret } from './secrets.js';

describe('slow-hash work is bounded globally', () => {
  it('refuses derivations beyond the queue at once with 429, and the queued ones all complete', async () => {
    // A cheap stored hash (N=1024) keeps the test fast; the bound is the same for any cost.
    const stored = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA==$' + Buffer.alloc(32).toString('base64');
    const extra = 7;
    const calls = Array.from({ length: 2 + MAX_QUEUED_DERIVATIONS + extra }, () => verifySecret('guess', stored));
    const results = await Promise.allSettled(calls);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(extra);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(TooManyRequestsError);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === false)).toHaveLength(2 + MAX_QUEUED_DERIVATIONS);
    // Once drained, derivations run again.
    expect(await verifySecret('guess', stored)).toBe(false);
  });
});
