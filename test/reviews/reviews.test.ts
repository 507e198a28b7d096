import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, publishedProduct } from '../carts/support.js';
import { gqlData } from '../graphql/support.js';

interface Review extends Resource {
  rating?: number;
  includedInStatistics: boolean;
  target?: { typeId: string; id: string };
  state?: { typeId: string; id: string };
}
interface Statistics {
  averageRating: number;
  highestRating: number;
  lowestRating: number;
  count: number;
  ratingsDistribution: Record<string, number>;
}

let server: TestServer;
let admin: string;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

const p = () => server.projectKey;
const product = () => publishedProduct(server, admin, `reviewed-${++n}`, [{ sku: `reviewed-${n}`, prices: [] }]);
const review = (more: Record<string, unknown>) => create<Review>(server, admin, 'reviews', { authorName: 'Ann', title: 'Nice', ...more });
const statisticsOf = async (productId: string) =>
  (await ok<{ reviewRatingStatistics?: Statistics }>(api(server, admin, `/${p()}/products/${productId}`))).reviewRatingStatistics;

describe('reviews', () => {
  it("keep their product's rating statistics (and its projections') as they are written, changed and deleted", async () => {
    const lamp = await product();
    const first = await review({ target: { typeId: 'product', id: lamp.id }, rating: 80, key: `r-${n}` });
    expect(first).toMatchObject({ version: 1, includedInStatistics: true, rating: 80, target: { typeId: 'product', id: lamp.id } });
    await review({ target: { typeId: 'product', key: lamp.key }, rating: 20 });
    await review({ target: { typeId: 'product', id: lamp.id } });
    expect(await statisticsOf(lamp.id)).toEqual({
      averageRating: 50,
      highestRating: 80,
      lowestRating: 20,
      count: 2,
      ratingsDistribution: { '80': 1, '20': 1 },
    });
    const projection = await ok<{ reviewRatingStatistics?: Statistics }>(api(server, admin, `/${p()}/product-projections/${lamp.id}`));
    expect(projection.reviewRatingStatistics?.count).toBe(2);
    const graphql = await gqlData<{ product: { reviewRatingStatistics: Statistics } }>(
      server,
      admin,
      `query ($id: String) { product(id: $id) { reviewRatingStatistics { averageRating count ratingsDistribution } } }`,
      { id: lamp.id },
    );
    expect(graphql.product.reviewRatingStatistics).toEqual({ averageRating: 50, count: 2, ratingsDistribution: { '80': 1, '20': 1 } });
    const changed = await updated<Review>(server, admin, 'reviews', first, [
      { action: 'setRating', rating: -10 },
      { action: 'setText', text: 'Changed my mind' },
    ]);
    expect(await statisticsOf(lamp.id)).toMatchObject({ averageRating: 5, highestRating: 20, lowestRating: -10, count: 2 });
    // Moving the review to another product moves its rating.
    const chair = await product();
    const moved = await updated<Review>(server, admin, 'reviews', changed, [{ action: 'setTarget', target: { typeId: 'product', id: chair.id } }]);
    expect(await statisticsOf(lamp.id)).toMatchObject({ count: 1, averageRating: 20 });
    expect(await statisticsOf(chair.id)).toMatchObject({ count: 1, averageRating: -10 });
    await ok(api(server, admin, `/${p()}/reviews/${moved.id}?version=${moved.version}`, { method: 'DELETE' }));
    expect(await statisticsOf(chair.id)).toBeUndefined();
  });

  it('a review in a state without the role ReviewIncludedInStatistics does not count; a transition to one that has it does', async () => {
    const lamp = await product();
    const pending = await create(server, admin, 'states', { key: `review-pending-${n}`, type: 'ReviewState', initial: true });
    const approved = await create(server, admin, 'states', {
      key: `review-approved-${n}`,
      type: 'ReviewState',
      roles: ['ReviewIncludedInStatistics'],
      transitions: [],
    });
    await updated(server, admin, 'states', pending, [{ action: 'setTransitions', transitions: [{ typeId: 'state', id: approved.id }] }]);
    const r = await review({ target: { typeId: 'product', id: lamp.id }, rating: 100, state: { typeId: 'state', key: pending.key } });
    expect(r.includedInStatistics).toBe(false);
    expect(await statisticsOf(lamp.id)).toBeUndefined();
    const counted = await updated<Review>(server, admin, 'reviews', r, [{ action: 'transitionState', state: { typeId: 'state', id: approved.id } }]);
    expect(counted.includedInStatistics).toBe(true);
    expect(await statisticsOf(lamp.id)).toMatchObject({ count: 1, averageRating: 100 });
    await expectError(
      await update(server, admin, 'reviews', r.id, counted.version, [{ action: 'transitionState', state: { typeId: 'state', id: pending.id } }]),
      400,
      'InvalidOperation',
    );
  });

  it('concurrent reviews of one product are all counted', async () => {
    const lamp = await product();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(server, admin, `/${p()}/reviews`, { body: { target: { typeId: 'product', id: lamp.id }, rating: i * 10 } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(await statisticsOf(lamp.id)).toMatchObject({ count: 8, lowestRating: 0, highestRating: 70, averageRating: 35 });
  });

  it('refuses a second review with the same uniquenessValue, an unknown target and a rating out of range', async () => {
    const lamp = await product();
    await review({ uniquenessValue: `once-${n}`, target: { typeId: 'product', id: lamp.id } });
    await expectError(await api(server, admin, `/${p()}/reviews`, { body: { uniquenessValue: `once-${n}` } }), 400, 'DuplicateField', {
      field: 'uniquenessValue',
    });
    await expectError(await api(server, admin, `/${p()}/reviews`, { body: { target: { typeId: 'product', id: 'nope' } } }), 400, 'ReferencedResourceNotFound');
    await expectError(await api(server, admin, `/${p()}/reviews`, { body: { rating: 101 } }), 400, 'InvalidField');
    // A failed review leaves the statistics as they were.
    expect(await statisticsOf(lamp.id)).toBeUndefined();
  });

  it('needs view_reviews to read and manage_reviews to write', async () => {
    const r = await review({});
    const viewer = await clientToken(server, 'view_reviews:test');
    const other = await clientToken(server, 'view_products:test');
    expect((await api(server, viewer, `/${p()}/reviews/${r.id}`)).status).toBe(200);
    expect((await api(server, other, `/${p()}/reviews/${r.id}`)).status).toBe(403);
    expect((await api(server, viewer, `/${p()}/reviews`, { body: {} })).status).toBe(403);
  });
});
