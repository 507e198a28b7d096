import { foreignScopes, grants, parseScope, scopesBeyond } from './scopes.js';

describe('scope strings', () => {
  it('are name:{projectKey} or name:{projectKey}:{storeKey}', () => {
    expect(parseScope('view_products:shop')).toEqual({ name: 'view_products', projectKey: 'shop' });
    expect(parseScope('manage_orders:shop:berlin')).toEqual({ name: 'manage_orders', projectKey: 'shop', storeKey: 'berlin' });
    for (const bad of ['manage_project', 'view_products:', ':shop', 'a:b:c:d', 'View:shop', 'view products:shop']) expect(parseScope(bad)).toBeUndefined();
  });

  it('identity markers of token responses are not scopes', () => {
    for (const marker of ['customer:c-1', 'customer_id:c-1', 'anonymous_id:a-1', 'external_user_id:u-1']) expect(parseScope(marker)).toBeUndefined();
  });

  it('a client of a project may hold only that project scopes', () => {
    expect(foreignScopes(['view_products:shop', 'manage_orders:shop:berlin', 'manage_project:other', 'manage_project', 'customer:shop'], 'shop')).toEqual([
      'manage_project:other',
      'manage_project',
      'customer:shop',
    ]);
  });
});

describe('implied scopes', () => {
  it('manage_project implies every scope of its project, and only of its project', () => {
    for (const wanted of ['view_products:shop', 'manage_api_clients:shop', 'create_anonymous_token:shop', 'manage_orders:shop:berlin']) {
      expect(grants(['manage_project:shop'], wanted)).toBe(true);
    }
    expect(grants(['manage_project:shop'], 'view_products:other')).toBe(false);
  });

  it('manage_x implies view_x, not the other way round', () => {
    expect(grants(['manage_products:shop'], 'view_products:shop')).toBe(true);
    expect(grants(['view_products:shop'], 'manage_products:shop')).toBe(false);
    expect(grants(['manage_products:shop'], 'view_orders:shop')).toBe(false);
  });

  it('a project-wide scope covers each store; a store scope only its store', () => {
    expect(grants(['view_orders:shop'], 'view_orders:shop:berlin')).toBe(true);
    expect(grants(['view_orders:shop:berlin'], 'view_orders:shop:paris')).toBe(false);
    expect(grants(['view_orders:shop:berlin'], 'view_orders:shop')).toBe(false);
  });

  it('nothing grants a malformed scope, even held verbatim', () => {
    expect(grants(['manage_project'], 'manage_project')).toBe(false);
  });
});

describe('may grant', () => {
  it('only what the caller holds or what that implies', () => {
    expect(scopesBeyond(['manage_api_clients:shop'], ['manage_project:shop', 'manage_api_clients:shop', 'view_api_clients:shop'])).toEqual([
      'manage_project:shop',
    ]);
    expect(scopesBeyond(['manage_project:shop'], ['manage_project:shop', 'view_customers:shop:berlin'])).toEqual([]);
  });
});
