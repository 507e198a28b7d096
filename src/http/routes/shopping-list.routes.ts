import type { Services } from '../../composition.js';
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
  // The in-store forms: the same operations on the lists of the path's store.
  const inStore = versionedResourceRoutes(services.shoppingLists.inStore, {
    query: 'queryShoppingListsInStore',
    exists: 'checkShoppingListsExistInStore',
    create: 'createShoppingListInStore',
    getById: 'getShoppingListByIdInStore',
    existsById: 'checkShoppingListExistsByIdInStore',
    updateById: 'updateShoppingListByIdInStore',
    deleteById: 'deleteShoppingListByIdInStore',
    getByKey: 'getShoppingListByKeyInStore',
    existsByKey: 'checkShoppingListExistsByKeyInStore',
    updateByKey: 'updateShoppingListByKeyInStore',
    deleteByKey: 'deleteShoppingListByKeyInStore',
  } as const);
  return { ...global, ...inStore, ...asAssociate };
}

type MyOperation =
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
/** Each /me operation and its in-store form (`/in-store/key={storeKey}/me/shopping-lists…`): the service reads the store from the context. */
type MyShoppingListOperation = MyOperation | `${MyOperation}InStore`;

/** The shopping lists of the token's customer or anonymous session, by id or by key. */
export function myShoppingListRoutes(services: Services): Pick<Handlers, MyShoppingListOperation> {
  const lists = services.shoppingLists;
  const routes: Partial<Record<MyShoppingListOperation, unknown>> = {};
  /** One handler for the by-id and the by-key form of an operation (typed by both inputs). */
  const each = <K extends MyShoppingListOperation>(names: K[], handler: Handler<K>) => {
    for (const name of names) routes[name] = handler;
  };
  each(['queryMyShoppingLists', 'queryMyShoppingListsInStore'], async (ctx, input, http) => ({
    body: await lists.mine.query(ctx, queryParams(input.query, http)),
  }));
  each(['checkMyShoppingListsExist', 'checkMyShoppingListsExistInStore'], async (ctx, input, http) =>
    headResult(await lists.mine.anyMatches(ctx, queryParams(input.query, http))),
  );
  each(
    ['checkMyShoppingListExistsById', 'checkMyShoppingListExistsByKey', 'checkMyShoppingListExistsByIdInStore', 'checkMyShoppingListExistsByKeyInStore'],
    async (ctx, input) => headResult(await lists.mine.exists(ctx, at(input.path))),
  );
  each(['createMyShoppingList', 'createMyShoppingListInStore'], async (ctx, input) => ({
    status: 201,
    body: await lists.createMine(ctx, input.body, input.query?.expand),
  }));
  each(['getMyShoppingListById', 'getMyShoppingListByKey', 'getMyShoppingListByIdInStore', 'getMyShoppingListByKeyInStore'], async (ctx, input) => ({
    body: await lists.mine.get(ctx, at(input.path), input.query?.expand),
  }));
  each(
    ['updateMyShoppingListById', 'updateMyShoppingListByKey', 'updateMyShoppingListByIdInStore', 'updateMyShoppingListByKeyInStore'],
    async (ctx, input) => ({
      body: await lists.updateMine(ctx, at(input.path), input.body, input.query?.expand),
    }),
  );
  each(
    ['deleteMyShoppingListById', 'deleteMyShoppingListByKey', 'deleteMyShoppingListByIdInStore', 'deleteMyShoppingListByKeyInStore'],
    async (ctx, input) => ({
      body: await lists.deleteMine(ctx, at(input.path), input.query.version, input.query.expand),
    }),
  );
  return routes as Pick<Handlers, MyShoppingListOperation>;
}
