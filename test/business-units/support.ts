import { api } from '../support/auth.js';
import type { TestServer } from '../support/test-server.js';

export interface UnitBody {
  id: string;
  version: number;
  key: string;
  name: string;
  unitType: 'Company' | 'Division';
  status: string;
  storeMode: string;
  stores?: { typeId: string; key: string }[];
  inheritedStores?: { typeId: string; key: string }[];
  associateMode: string;
  approvalRuleMode: string;
  associates: {
    customer: { typeId: string; id: string };
    associateRoleAssignments: { associateRole: { typeId: string; key: string }; inheritance: string }[];
  }[];
  inheritedAssociates?: { customer: { typeId: string; id: string }; associateRoleAssignments: { associateRole: { key: string }; source: { key: string } }[] }[];
  parentUnit?: { typeId: string; key: string };
  topLevelUnit: { typeId: string; key: string };
  addresses: { id: string; key?: string; country: string; city?: string }[];
  shippingAddressIds: string[];
  billingAddressIds: string[];
  defaultShippingAddressId?: string;
  defaultBillingAddressId?: string;
  contactEmail?: string;
  createdBy?: Record<string, unknown>;
  lastModifiedBy?: Record<string, unknown>;
}
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string; [extra: string]: unknown }[];
}
export interface Page {
  count: number;
  total?: number;
  offset: number;
  results: UnitBody[];
}

/** Test data made through the general endpoints with a manage_project token. */
export class Fixtures {
  private seq = 0;
  constructor(
    private readonly server: TestServer,
    readonly admin: string,
  ) {}

  next(prefix: string): string {
    return `${prefix}-${++this.seq}`;
  }

  async ok<T>(res: Promise<Response>, status = 200): Promise<T> {
    const r = await res;
    const text = await r.text();
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  async customer(): Promise<string> {
    const body = await this.ok<{ customer: { id: string } }>(
      api(this.server, this.admin, `/test/customers`, { body: { email: `${this.next('c')}@example.com`, password: 'pw' } }),
      201,
    );
    return body.customer.id;
  }

  async role(permissions: string[], extra: Record<string, unknown> = {}): Promise<string> {
    const key = this.next('role');
    await this.ok(api(this.server, this.admin, `/test/associate-roles`, { body: { key, permissions, ...extra } }), 201);
    return key;
  }

  async store(): Promise<string> {
    const key = this.next('store');
    await this.ok(api(this.server, this.admin, `/test/stores`, { body: { key } }), 201);
    return key;
  }

  unit(draft: Record<string, unknown>): Promise<UnitBody> {
    return this.ok<UnitBody>(
      api(this.server, this.admin, `/test/business-units`, { body: { key: this.next('bu'), name: 'Unit', unitType: 'Company', ...draft } }),
      201,
    );
  }

  division(parentKey: string, draft: Record<string, unknown> = {}): Promise<UnitBody> {
    return this.unit({ unitType: 'Division', parentUnit: { key: parentKey }, ...draft });
  }

  get(key: string): Promise<UnitBody> {
    return this.ok<UnitBody>(api(this.server, this.admin, `/test/business-units/key=${key}`));
  }

  update(key: string, version: number, actions: unknown[]): Promise<Response> {
    return api(this.server, this.admin, `/test/business-units/key=${key}`, { body: { version, actions } });
  }
}

/** An AssociateDraft holding the given roles. */
export function associate(customerId: string, roles: string[], inheritance: 'Enabled' | 'Disabled' = 'Disabled') {
  return { customer: { id: customerId }, associateRoleAssignments: roles.map((key) => ({ associateRole: { key }, inheritance })) };
}
