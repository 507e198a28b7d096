import type { Services } from '../../composition.js';
import type { Handler, Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';
import { pathAddress } from '../../resources/versioning.js';

type MyQuoteOperation =
  | 'queryMyQuoteRequests'
  | 'checkMyQuoteRequestsExist'
  | 'createMyQuoteRequest'
  | 'getMyQuoteRequestById'
  | 'checkMyQuoteRequestExistsById'
  | 'updateMyQuoteRequestById'
  | 'getMyQuoteRequestByKey'
  | 'checkMyQuoteRequestExistsByKey'
  | 'updateMyQuoteRequestByKey'
  | 'queryMyQuotes'
  | 'checkMyQuotesExist'
  | 'getMyQuoteById'
  | 'checkMyQuoteExistsById'
  | 'updateMyQuoteById'
  | 'getMyQuoteByKey'
  | 'checkMyQuoteExistsByKey'
  | 'updateMyQuoteByKey'
  | 'createMyOrderFromQuote'
  | 'createOrderFromQuote'
  | 'createOrderFromQuoteAsAssociate'
  | 'createOrderFromQuoteInStore';

/**
 * Quote requests, staged quotes and quotes: the merchant's (the standard operations), the buyer's own
 * (/me), a store's (in-store) and a business unit's for an associate (the router puts the path's associate
 * and unit on the request context), and the orders made from quotes.
 */
export function quoteRoutes(services: Services) {
  const { quoteRequests, stagedQuotes, quotes } = services;
  const mine: { [K in MyQuoteOperation]: Handler<K> } = {
    queryMyQuoteRequests: async (ctx, input, http) => ({ body: await quoteRequests.mine.query(ctx, queryParams(input.query, http)) }),
    checkMyQuoteRequestsExist: async (ctx, input, http) => headResult(await quoteRequests.mine.anyMatches(ctx, queryParams(input.query, http))),
    createMyQuoteRequest: async (ctx, input) => ({ status: 201, body: await quoteRequests.createMine(ctx, input.body, input.query?.expand) }),
    getMyQuoteRequestById: async (ctx, input) => ({ body: await quoteRequests.mine.get(ctx, pathAddress(input.path), input.query?.expand) }),
    checkMyQuoteRequestExistsById: async (ctx, input) => headResult(await quoteRequests.mine.exists(ctx, pathAddress(input.path))),
    updateMyQuoteRequestById: async (ctx, input) => ({ body: await quoteRequests.updateMine(ctx, pathAddress(input.path), input.body, input.query?.expand) }),
    getMyQuoteRequestByKey: async (ctx, input) => ({ body: await quoteRequests.mine.get(ctx, pathAddress(input.path), input.query?.expand) }),
    checkMyQuoteRequestExistsByKey: async (ctx, input) => headResult(await quoteRequests.mine.exists(ctx, pathAddress(input.path))),
    updateMyQuoteRequestByKey: async (ctx, input) => ({ body: await quoteRequests.updateMine(ctx, pathAddress(input.path), input.body, input.query?.expand) }),
    queryMyQuotes: async (ctx, input, http) => ({ body: await quotes.mine.query(ctx, queryParams(input.query, http)) }),
    checkMyQuotesExist: async (ctx, input, http) => headResult(await quotes.mine.anyMatches(ctx, queryParams(input.query, http))),
    getMyQuoteById: async (ctx, input) => ({ body: await quotes.mine.get(ctx, pathAddress(input.path), input.query?.expand) }),
    checkMyQuoteExistsById: async (ctx, input) => headResult(await quotes.mine.exists(ctx, pathAddress(input.path))),
    updateMyQuoteById: async (ctx, input) => ({ body: await quotes.updateMine(ctx, pathAddress(input.path), input.body, input.query?.expand) }),
    getMyQuoteByKey: async (ctx, input) => ({ body: await quotes.mine.get(ctx, pathAddress(input.path), input.query?.expand) }),
    checkMyQuoteExistsByKey: async (ctx, input) => headResult(await quotes.mine.exists(ctx, pathAddress(input.path))),
    updateMyQuoteByKey: async (ctx, input) => ({ body: await quotes.updateMine(ctx, pathAddress(input.path), input.body, input.query?.expand) }),
    createMyOrderFromQuote: async (ctx, input) => ({ status: 201, body: await quotes.orderMine(ctx, input.body, input.query?.expand) }),
    createOrderFromQuote: async (ctx, input) => ({ status: 201, body: await quotes.order(ctx, input.body, undefined, input.query?.expand) }),
    createOrderFromQuoteAsAssociate: async (ctx, input) => ({ status: 201, body: await quotes.asAssociate.order(ctx, input.body, input.query?.expand) }),
    createOrderFromQuoteInStore: async (ctx, input) => ({ status: 201, body: await quotes.orderInStore(ctx, input.body, input.query?.expand) }),
  };
  return {
    ...mine,
    ...versionedResourceRoutes(quoteRequests, {
      query: 'queryQuoteRequests',
      exists: 'checkQuoteRequestsExist',
      create: 'createQuoteRequest',
      getById: 'getQuoteRequestById',
      existsById: 'checkQuoteRequestExistsById',
      updateById: 'updateQuoteRequestById',
      deleteById: 'deleteQuoteRequestById',
      getByKey: 'getQuoteRequestByKey',
      existsByKey: 'checkQuoteRequestExistsByKey',
      updateByKey: 'updateQuoteRequestByKey',
      deleteByKey: 'deleteQuoteRequestByKey',
    } as const),
    ...versionedResourceRoutes(quoteRequests.asAssociate, {
      query: 'queryQuoteRequestsAsAssociate',
      exists: 'checkQuoteRequestsExistAsAssociate',
      create: 'createQuoteRequestAsAssociate',
      getById: 'getQuoteRequestByIdAsAssociate',
      existsById: 'checkQuoteRequestExistsByIdAsAssociate',
      updateById: 'updateQuoteRequestByIdAsAssociate',
      getByKey: 'getQuoteRequestByKeyAsAssociate',
      existsByKey: 'checkQuoteRequestExistsByKeyAsAssociate',
      updateByKey: 'updateQuoteRequestByKeyAsAssociate',
    } as const),
    ...versionedResourceRoutes(stagedQuotes, {
      query: 'queryStagedQuotes',
      exists: 'checkStagedQuotesExist',
      create: 'createStagedQuote',
      getById: 'getStagedQuoteById',
      existsById: 'checkStagedQuoteExistsById',
      updateById: 'updateStagedQuoteById',
      deleteById: 'deleteStagedQuoteById',
      getByKey: 'getStagedQuoteByKey',
      existsByKey: 'checkStagedQuoteExistsByKey',
      updateByKey: 'updateStagedQuoteByKey',
      deleteByKey: 'deleteStagedQuoteByKey',
    } as const),
    ...versionedResourceRoutes(quotes, {
      query: 'queryQuotes',
      exists: 'checkQuotesExist',
      create: 'createQuote',
      getById: 'getQuoteById',
      existsById: 'checkQuoteExistsById',
      updateById: 'updateQuoteById',
      deleteById: 'deleteQuoteById',
      getByKey: 'getQuoteByKey',
      existsByKey: 'checkQuoteExistsByKey',
      updateByKey: 'updateQuoteByKey',
      deleteByKey: 'deleteQuoteByKey',
    } as const),
    ...versionedResourceRoutes(quotes.asAssociate, {
      query: 'queryQuotesAsAssociate',
      exists: 'checkQuotesExistAsAssociate',
      getById: 'getQuoteByIdAsAssociate',
      existsById: 'checkQuoteExistsByIdAsAssociate',
      updateById: 'updateQuoteByIdAsAssociate',
      getByKey: 'getQuoteByKeyAsAssociate',
      existsByKey: 'checkQuoteExistsByKeyAsAssociate',
      updateByKey: 'updateQuoteByKeyAsAssociate',
    } as const),
    ...versionedResourceRoutes(quoteRequests.inStore, {
      query: 'queryQuoteRequestsInStore',
      exists: 'checkQuoteRequestsExistInStore',
      create: 'createQuoteRequestInStore',
      getById: 'getQuoteRequestByIdInStore',
      existsById: 'checkQuoteRequestExistsByIdInStore',
      updateById: 'updateQuoteRequestByIdInStore',
      deleteById: 'deleteQuoteRequestByIdInStore',
      getByKey: 'getQuoteRequestByKeyInStore',
      existsByKey: 'checkQuoteRequestExistsByKeyInStore',
      updateByKey: 'updateQuoteRequestByKeyInStore',
      deleteByKey: 'deleteQuoteRequestByKeyInStore',
    } as const),
    ...versionedResourceRoutes(stagedQuotes.inStore, {
      query: 'queryStagedQuotesInStore',
      exists: 'checkStagedQuotesExistInStore',
      create: 'createStagedQuoteInStore',
      getById: 'getStagedQuoteByIdInStore',
      existsById: 'checkStagedQuoteExistsByIdInStore',
      updateById: 'updateStagedQuoteByIdInStore',
      deleteById: 'deleteStagedQuoteByIdInStore',
      getByKey: 'getStagedQuoteByKeyInStore',
      existsByKey: 'checkStagedQuoteExistsByKeyInStore',
      updateByKey: 'updateStagedQuoteByKeyInStore',
      deleteByKey: 'deleteStagedQuoteByKeyInStore',
    } as const),
    ...versionedResourceRoutes(quotes.inStore, {
      query: 'queryQuotesInStore',
      exists: 'checkQuotesExistInStore',
      create: 'createQuoteInStore',
      getById: 'getQuoteByIdInStore',
      existsById: 'checkQuoteExistsByIdInStore',
      updateById: 'updateQuoteByIdInStore',
      deleteById: 'deleteQuoteByIdInStore',
      getByKey: 'getQuoteByKeyInStore',
      existsByKey: 'checkQuoteExistsByKeyInStore',
      updateByKey: 'updateQuoteByKeyInStore',
      deleteByKey: 'deleteQuoteByKeyInStore',
    } as const),
  } satisfies Partial<Handlers>;
}
