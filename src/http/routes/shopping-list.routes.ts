import type { Services } from '../../services/index.js';
import type { Handler, Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

const at = (path: { id: string } | { key: string }) => ('id' in path ? { id: path.id } : { key: path.key });

export function shoppingListRoutes(services: Services) {
  const asAssociate = versionedResourceRoutes(services.shoppingLists.asAssociate, {
    query: 'queryShoppingListsAsAssociate',
    exists: 'checkShoppingListsExistAsAssociate',
    create: 'createShoppingListAsAssociate',
    getById: 'getShoppingListByIdAsAssociate',
    existsById: 'checkShoppingListExistsByIdAsAssociate',
    updateById: 'updateShoppingListByIdAsAssociate',
    deleteById: 'deleteShoppingListByIdAsAssociate',
    getByKey: 'getShoppingListByKeyAsAssociate',
    existsByKey: 'checkShoppingListExistsByKeyAsAssociate',
    updateByKey: 'updateShoppingListByKeyAsAssociate',
    deleteByKey: 'deleteShoppingListByKeyAsAssociate',
  } as const);
  const global = versionedResourceRoutes(services.shoppingLists, {
    query: 'queryShoppingLists',
    exists: 'checkShoppingListsExist',
    create: 'createShoppingList',
    getById: 'getShoppingListById',
    existsById: 'checkShoppingListExistsById',
    updateById: 'updateShoppingListById',
    deleteById: 'deleteShoppingListById',
    getByKey: 'getShoppingListByKey',
    existsByKey: 'checkShoppingListExistsByKey',
    updateByKey: 'updateShoppingListByKey',
    deleteByKey: 'deleteShoppingListByKey',
  } as const);
  return { ...global, ...asAssociate };
}

type MyShoppingListOperation =
  | 'queryMyShoppingLists'
  | 'checkMyShoppingListsExist'
  | 'checkMyShoppingListExistsById'
  | 'checkMyShoppingListExistsByKey'
  | 'createMyShoppingList'
  | 'getMyShoppingListById'
  | 'getMyShoppingListByKey'
  | 'updateMyShoppingListById'
  | 'updateMyShoppingListByKey'
  | 'deleteMyShoppingListById'
  | 'deleteMyShoppingListByKey';

/** The shopping lists of the token's customer or anonymous session, by id or by key. */
export function myShoppingListRoutes(services: Services): Pick<Handlers, MyShoppingListOperation> {
  const lists = services.shoppingLists;
  const routes: Partial<Record<MyShoppingListOperation, unknown>> = {};
  /** One handler for the by-id and the by-key form of an operation (typed by both inputs). */
  const each = <K extends MyShoppingListOperation>(names: K[], handler: Handler<K>) => {
    for (const name of names) routes[name] = handler;
  };
  each(['queryMyShoppingLists'], async (ctx, input, http) => ({ body: await lists.queryMine(ctx, queryParams(input.query, http)) }));
  each(['checkMyShoppingListsExist'], async (ctx, input, http) => headResult(await lists.anyMineMatch(ctx, queryParams(input.query, http))));
  each(['checkMyShoppingListExistsById', 'checkMyShoppingListExistsByKey'], async (ctx, input) => headResult(await lists.mineExists(ctx, at(input.path))));
  each(['createMyShoppingList'], async (ctx, input) => ({ status: 201, body: await lists.createMine(ctx, input.body, input.query?.expand) }));
  each(['getMyShoppingListById', 'getMyShoppingListByKey'], async (ctx, input) => ({ body: await lists.getMine(ctx, at(input.path), input.query?.expand) }));
  each(['updateMyShoppingListById', 'updateMyShoppingListByKey'], async (ctx, input) => ({
    body: await lists.updateMine(ctx, at(input.path), input.body, input.query?.expand),
  }));
  each(['deleteMyShoppingListById', 'deleteMyShoppingListByKey'], async (ctx, input) => ({
    body: await lists.deleteMine(ctx, at(input.path), input.query.version, input.query.expand),
  }));
  return routes as Pick<Handlers, MyShoppingListOperation>;
}
