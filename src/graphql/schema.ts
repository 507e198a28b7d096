import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { Resolvers } from '../../generated/graphql/types.js';
import { guardRootFields } from './field-guard.js';
import { fieldScopes } from './field-scopes.js';
import { cartResolvers } from './resolvers/cart.resolvers.js';
import { customFieldResolvers } from './resolvers/custom-field.resolvers.js';
import { customerFieldResolvers } from './resolvers/customer-fields.resolvers.js';
import { customerResolvers } from './resolvers/customer.resolvers.js';
import { orderResolvers } from './resolvers/order.resolvers.js';
import { productResolvers } from './resolvers/product.resolvers.js';
import { projectResolvers } from './resolvers/project.resolvers.js';
import { shoppingListResolvers } from './resolvers/shopping-list.resolvers.js';
import { categoryResolvers } from './resolvers/category.resolvers.js';
import { taxResolvers } from './resolvers/tax.resolvers.js';
import { channelResolvers } from './resolvers/channel.resolvers.js';
import { shippingResolvers } from './resolvers/shipping.resolvers.js';
import { discountResolvers } from './resolvers/discount.resolvers.js';
import { customObjectResolvers } from './resolvers/custom-object.resolvers.js';

const SDL_DIR = fileURLToPath(new URL('../../graphql/', import.meta.url));

/**
 * The SDL files of graphql/ are the contract; resolvers are typed by the signatures generated from
 * them, and every root field checks the scopes declared in field-scopes.ts.
 */
export function buildGraphQLSchema(): GraphQLSchema {
  const typeDefs = readdirSync(SDL_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(SDL_DIR, f), 'utf8'));
  const resolvers: Resolvers[] = [
    projectResolvers,
    customerResolvers,
    customerFieldResolvers,
    customFieldResolvers,
    cartResolvers,
    productResolvers,
    shoppingListResolvers,
    orderResolvers,
    categoryResolvers,
    taxResolvers,
    channelResolvers,
    shippingResolvers,
    discountResolvers,
    customObjectResolvers,
  ];
  return guardRootFields(makeExecutableSchema({ typeDefs, resolvers }), fieldScopes);
}
