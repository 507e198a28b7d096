/**
 * The hot calls measured against our server and the emulator, as autocannon options. Reads spread
 * over the seeded stores (each request asks for another one), writes never collide: a create sends
 * a key no other request uses, and each connection of an update run updates a store of its own,
 * sending the version the previous answer returned.
 */
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { addLineItemOptions, changeDiscountedQuantityOptions, signInWithMergeOptions, type SeededShop } from './cart-calls.js';
import { ceilingId, CEILING_PROJECT, CEILING_ROWS, CEILING_TOKEN } from './ceiling-ids.js';
import { inPool, type Api, type SeededCategories, type SeededStore, type SeededUnits } from './seed.js';

export interface Target {
  api: Api;
  token: string;
  stores: SeededStore[];
  /** Stores handed out to update connections so far, taken from the end of `stores`. */
  storesForUpdates: number;
  /** Where the token call goes (for the emulator, an instance of its own: see run.ts). */
  tokenEndpoint: string;
  /** Ids of the stores the create call made, until `cleanUp` deletes them. */
  created: string[];
  /** The B2B hierarchy of the as-associate calls. */
  units: SeededUnits;
  /** The product and carts of the cart calls. */
  shop: SeededShop;
  /** The category tree of the category query. */
  categories: SeededCategories;
}

export interface HotCall {
  name: string;
  expectedStatus: number;
  options(target: Target): autocannon.Options;
  /** Undoes what the call's runs changed in the data set, after both runs (warm-up and measured). */
  cleanUp?(target: Target): Promise<void>;
  /** False: the emulator has no such call, only ours (and the bare handler) are measured. */
  emulator?: false;
  /** The ceiling server also measured on this call (bench/ceiling-*-server.ts), with its own requests. */
  ceiling?: { server: 'koa' | 'oidc'; options(url: string): autocannon.Options };
}

const json = 'application/json';

function bearer(target: Target): Record<string, string> {
  return { authorization: `Bearer ${target.token}` };
}

/** A GET whose path changes with every request: `path(n)` for the n-th request of the run. */
function rotatingGet(target: Target, path: (n: number) => string): autocannon.Options {
  let n = 0;
  return {
    url: target.api.url,
    headers: bearer(target),
    requests: [{ setupRequest: (req) => ({ ...req, path: path(n++) }) }],
  };
}

/** The n-th request's store: a stride through all of them, so consecutive requests hit different rows. */
function spread(target: Target, n: number): SeededStore {
  return target.stores[(n * 7919) % target.stores.length];
}

function takeStoreForUpdates(target: Target): { id: string; version: number } {
  const index = target.stores.length - 1 - target.storesForUpdates++;
  // Reads never change a store's version, and every update run takes stores never updated before.
  if (index < target.stores.length / 2) throw new Error('ran out of seeded stores for the update runs');
  return { id: target.stores[index].id, version: 1 };
}

/** Rows of the Koa ceiling handed out to update connections so far. */
let ceilingRowsForUpdates = 0;

export const hotCalls: HotCall[] = [
  {
    name: 'GET store by id',
    expectedStatus: 200,
    options: (t) => rotatingGet(t, (n) => `/${t.api.projectKey}/stores/${spread(t, n).id}`),
    ceiling: {
      server: 'koa',
      options: (url) => {
        let n = 0;
        return {
          url,
          headers: { authorization: `Bearer ${CEILING_TOKEN}` },
          requests: [{ setupRequest: (req) => ({ ...req, path: `/${CEILING_PROJECT}/stores/${ceilingId((n++ * 7919) % CEILING_ROWS)}` }) }],
        };
      },
    },
  },
  {
    name: 'GET store by key',
    expectedStatus: 200,
    options: (t) => rotatingGet(t, (n) => `/${t.api.projectKey}/stores/key=${spread(t, n).key}`),
  },
  {
    name: 'query `where=key="..."`',
    expectedStatus: 200,
    options: (t) => rotatingGet(t, (n) => `/${t.api.projectKey}/stores?where=${encodeURIComponent(`key="${spread(t, n).key}"`)}`),
  },
  {
    // A storefront's navigation: the children of one top-level category, in order (a JSON predicate on `parent`).
    name: 'category query `where=parent(id="...")`',
    expectedStatus: 200,
    options: (t) =>
      rotatingGet(
        t,
        (n) =>
          `/${t.api.projectKey}/categories?where=${encodeURIComponent(`parent(id="${t.categories.roots[n % t.categories.roots.length]}")`)}&sort=${encodeURIComponent('orderHint asc')}`,
      ),
  },
  {
    // The associate holds its role only at the Company, three levels up (inheritance Enabled).
    name: 'as-associate GET business unit by id',
    expectedStatus: 200,
    options: (t) =>
      rotatingGet(t, (n) => `/${t.api.projectKey}/as-associate/${t.units.associateId}/business-units/${t.units.leaves[n % t.units.leaves.length].id}`),
  },
  {
    name: 'as-associate query `where=key="..."`',
    expectedStatus: 200,
    options: (t) =>
      rotatingGet(
        t,
        (n) =>
          `/${t.api.projectKey}/as-associate/${t.units.associateId}/business-units?where=${encodeURIComponent(`key="${t.units.leaves[n % t.units.leaves.length].key}"`)}`,
      ),
  },
  {
    name: 'create store',
    expectedStatus: 201,
    options: (t) => {
      const prefix = randomBytes(4).toString('hex');
      let n = 0;
      return {
        url: `${t.api.url}/${t.api.projectKey}/stores`,
        method: 'POST',
        headers: { ...bearer(t), 'content-type': json },
        requests: [
          {
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ key: `new-${prefix}-${n++}`, name: { en: 'New store' } }) }),
            onResponse: (status, body) => {
              if (status === 201) t.created.push((JSON.parse(body) as { id: string }).id);
            },
          },
        ],
      };
    },
    ceiling: {
      server: 'koa',
      options: (url) => {
        const prefix = randomBytes(4).toString('hex');
        let n = 0;
        return {
          url: `${url}/${CEILING_PROJECT}/stores`,
          method: 'POST',
          headers: { authorization: `Bearer ${CEILING_TOKEN}`, 'content-type': json },
          requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ key: `new-${prefix}-${n++}`, name: { en: 'New store' } }) }) }],
        };
      },
    },
    // Back to (nearly: a run stops with up to one create per connection unanswered) the seeded
    // stores, so the reads of the next round see the same data set. Left in place, the tens of
    // thousands of stores the emulator creates per run would slow its reads, which scan every store,
    // more with every round.
    cleanUp: async (t) => {
      const ids = t.created.splice(0);
      await inPool(ids.length, 16, async (i) => {
        const url = `${t.api.url}/${t.api.projectKey}/stores/${ids[i]}?version=1`;
        const res = await fetch(url, { method: 'DELETE', headers: bearer(t) });
        if (res.status !== 200) throw new Error(`DELETE ${url} answered ${res.status}: ${await res.text()}`);
      });
    },
  },
  {
    name: 'update store (one `setName` action)',
    expectedStatus: 200,
    options: (t) => ({
      url: `${t.api.url}/${t.api.projectKey}/stores`,
      method: 'POST',
      headers: { ...bearer(t), 'content-type': json },
      // One store per connection; a connection has one request in flight, so the version it sends
      // is always the one the previous answer carried.
      setupClient: (client) => {
        const store = takeStoreForUpdates(t);
        client.setRequests([
          {
            path: `/${t.api.projectKey}/stores/${store.id}`,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ version: store.version, actions: [{ action: 'setName', name: { en: `Name ${store.version}` } }] }),
            }),
            onResponse: (status, body) => {
              if (status === 200) store.version = (JSON.parse(body) as { version: number }).version;
            },
          },
        ]);
      },
    }),
    ceiling: {
      server: 'koa',
      options: (url) => ({
        url,
        method: 'POST',
        headers: { authorization: `Bearer ${CEILING_TOKEN}`, 'content-type': json },
        // As above: a row of its own per connection (never one updated by an earlier run), counting from the last.
        setupClient: (client) => {
          const row = { id: ceilingId(CEILING_ROWS - 1 - ceilingRowsForUpdates++), version: 1 };
          client.setRequests([
            {
              path: `/${CEILING_PROJECT}/stores/${row.id}`,
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ version: row.version, actions: [{ action: 'setName', name: { en: `Name ${row.version}` } }] }),
              }),
              onResponse: (status, body) => {
                if (status === 200) row.version = (JSON.parse(body) as { version: number }).version;
              },
            },
          ]);
        },
      }),
    },
  },
  {
    name: 'client-credentials token',
    expectedStatus: 200,
    options: (t) => ({
      url: t.tokenEndpoint,
      method: 'POST',
      headers: { authorization: t.api.basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }),
    ceiling: {
      server: 'oidc',
      options: (url) => ({
        url: `${url}/oauth/token`,
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('ceiling:ceiling-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
    },
  },
  {
    name: 'cart addLineItem',
    expectedStatus: 200,
    options: (t) => addLineItemOptions(t.api.url, t.api.projectKey, t.token, t.shop),
  },
  {
    name: 'cart recalculation with a discount (changeLineItemQuantity)',
    expectedStatus: 200,
    options: (t) => changeDiscountedQuantityOptions(t.api.url, t.api.projectKey, t.token, t.shop),
  },
  {
    name: 'sign-in with cart merge (GraphQL customerSignIn)',
    expectedStatus: 200,
    emulator: false,
    options: (t) => signInWithMergeOptions(t.api.url, t.api.projectKey, t.token, t.shop),
  },
];
