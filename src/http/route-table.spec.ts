import { InvalidInputError } from '../errors/api-error.js';
import { RouteTable } from './route-table.js';

const table = new RouteTable<string>([
  { method: 'GET', path: '/{projectKey}/stores', route: 'query' },
  { method: 'HEAD', path: '/{projectKey}/stores', route: 'exists' },
  { method: 'GET', path: '/{projectKey}/stores/key={key}', route: 'byKey' },
  { method: 'DELETE', path: '/{projectKey}/stores/key={key}', route: 'deleteByKey' },
  { method: 'GET', path: '/{projectKey}/stores/{id}', route: 'byId' },
  { method: 'HEAD', path: '/{projectKey}/stores/{id}', route: 'existsById' },
  { method: 'GET', path: '/{projectKey}/me', route: 'me' },
  { method: 'GET', path: '/{projectKey}/{anything}', route: 'catchAll' },
  { method: 'GET', path: '/{projectKey}/in-store/key={storeKey}/me', route: 'inStoreMe' },
  { method: 'GET', path: '/health', route: 'health' },
]);

describe('RouteTable', () => {
  it('matches literal segments before parameters', () => {
    expect(table.match('GET', '/demo/me')).toEqual({ route: 'me', params: { projectKey: 'demo' } });
    expect(table.match('GET', '/demo/other')).toEqual({ route: 'catchAll', params: { projectKey: 'demo', anything: 'other' } });
    expect(table.match('GET', '/health')).toEqual({ route: 'health', params: {} });
  });

  it('prefers the longer parameter prefix (key={key} before {id})', () => {
    expect(table.match('GET', '/demo/stores/key=shop')).toEqual({ route: 'byKey', params: { projectKey: 'demo', key: 'shop' } });
    expect(table.match('GET', '/demo/stores/abc')).toEqual({ route: 'byId', params: { projectKey: 'demo', id: 'abc' } });
    expect(table.match('GET', '/demo/in-store/key=berlin/me')).toEqual({ route: 'inStoreMe', params: { projectKey: 'demo', storeKey: 'berlin' } });
  });

  it('falls through to a less specific path when the specific one lacks the method', () => {
    // key={key} has no HEAD; the {id} template has one and also matches "key=shop".
    expect(table.match('HEAD', '/demo/stores/key=shop')).toEqual({ route: 'existsById', params: { projectKey: 'demo', id: 'key=shop' } });
    expect(table.match('DELETE', '/demo/stores/key=shop')).toEqual({ route: 'deleteByKey', params: { projectKey: 'demo', key: 'shop' } });
  });

  it('HEAD falls back to GET; a known path with another method is methodNotAllowed; an unknown one undefined', () => {
    expect(table.match('HEAD', '/demo/me')).toEqual({ route: 'me', params: { projectKey: 'demo' } });
    expect(table.match('POST', '/demo/stores/abc')).toEqual({ methodNotAllowed: true });
    expect(table.match('GET', '/demo/stores/abc/extra')).toBeUndefined();
    expect(table.match('GET', '/demo/stores/')).toBeUndefined();
    expect(table.match('GET', 'demo/stores')).toBeUndefined();
  });

  it('decodes parameter values, and refuses malformed percent-encoding with InvalidInput', () => {
    expect(table.match('GET', '/demo/stores/key=a%20b')).toEqual({ route: 'byKey', params: { projectKey: 'demo', key: 'a b' } });
    expect(() => table.match('GET', '/demo/stores/key=%zz')).toThrow(InvalidInputError);
  });
});
