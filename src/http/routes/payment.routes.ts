import type { Services } from '../../composition.js';
import type { Handler, Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

/** The merchant's payments: the eleven standard operations. */
export function paymentRoutes(services: Services) {
  return versionedResourceRoutes(services.payments, {
    query: 'queryPayments',
    exists: 'checkPaymentsExist',
    create: 'createPayment',
    getById: 'getPaymentById',
    existsById: 'checkPaymentExistsById',
    updateById: 'updatePaymentById',
    deleteById: 'deletePaymentById',
    getByKey: 'getPaymentByKey',
    existsByKey: 'checkPaymentExistsByKey',
    updateByKey: 'updatePaymentByKey',
    deleteByKey: 'deletePaymentByKey',
  } as const);
}

type MyPaymentOperation =
  | 'queryMyPayments'
  | 'checkMyPaymentsExist'
  | 'createMyPayment'
  | 'getMyPaymentById'
  | 'checkMyPaymentExistsById'
  | 'updateMyPaymentById'
  | 'deleteMyPaymentById';

/** The payments of the token's customer or anonymous session (/me/payments). */
export function myPaymentRoutes(services: Services): Pick<Handlers, MyPaymentOperation> {
  const payments = services.payments;
  const routes: { [K in MyPaymentOperation]: Handler<K> } = {
    queryMyPayments: async (ctx, input, http) => ({ body: await payments.mine.query(ctx, queryParams(input.query, http)) }),
    checkMyPaymentsExist: async (ctx, input, http) => headResult(await payments.mine.anyMatches(ctx, queryParams(input.query, http))),
    createMyPayment: async (ctx, input) => ({ status: 201, body: await payments.createMine(ctx, input.body, input.query?.expand) }),
    getMyPaymentById: async (ctx, input) => ({ body: await payments.mine.get(ctx, { id: input.path.id }, input.query?.expand) }),
    checkMyPaymentExistsById: async (ctx, input) => headResult(await payments.mine.exists(ctx, { id: input.path.id })),
    updateMyPaymentById: async (ctx, input) => ({ body: await payments.updateMine(ctx, { id: input.path.id }, input.body, input.query?.expand) }),
    deleteMyPaymentById: async (ctx, input) => ({ body: await payments.deleteMine(ctx, { id: input.path.id }, input.query.version, input.query.expand) }),
  };
  return routes;
}
