import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';

export function customerRoutes(services: Services): Pick<Handlers, 'createCustomer' | 'getCustomerById' | 'getCustomerByKey' | 'deleteCustomerById' | 'deleteCustomerByKey'> {
  return {
    createCustomer: async (ctx, input) => ({ status: 201, body: await services.customers.create(ctx, input.body) }),
    getCustomerById: async (ctx, input) => ({ body: await services.customers.get(ctx, input.path.id) }),
    getCustomerByKey: async (ctx, input) => ({ body: await services.customers.getByKey(ctx, input.path.key) }),
    deleteCustomerById: async (ctx, input) => ({ body: await services.customers.delete(ctx, { id: input.path.id }, input.query.version) }),
    deleteCustomerByKey: async (ctx, input) => ({ body: await services.customers.delete(ctx, { key: input.path.key }, input.query.version) }),
  };
}
