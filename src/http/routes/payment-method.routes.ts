import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function paymentMethodRoutes(services: Services) {
  return versionedResourceRoutes(services.paymentMethods, {
    query: 'queryPaymentMethods',
    exists: 'checkPaymentMethodsExist',
    create: 'createPaymentMethod',
    getById: 'getPaymentMethodById',
    existsById: 'checkPaymentMethodExistsById',
    updateById: 'updatePaymentMethodById',
    deleteById: 'deletePaymentMethodById',
    getByKey: 'getPaymentMethodByKey',
    existsByKey: 'checkPaymentMethodExistsByKey',
    updateByKey: 'updatePaymentMethodByKey',
    deleteByKey: 'deletePaymentMethodByKey',
  } as const);
}
