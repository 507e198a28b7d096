import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

describe('payment methods', () => {
  it('belong to a customer or a business unit that exists, and change by their actions', async () => {
    const customer = await create<{ customer: Resource }>(server, admin, 'customers', { email: 'pm@example.com', password: 'secret123' });
    const unit = await create<Resource>(server, admin, 'business-units', { key: 'pm-unit', name: 'Unit', unitType: 'Company' });
    const card = await create<Resource>(server, admin, 'payment-methods', {
      key: 'card-1',
      customer: { typeId: 'customer', id: customer.customer.id },
      method: 'CreditCard',
      paymentInterface: 'psp',
      token: { value: 'tok_123' },
    });
    expect(card).toMatchObject({
      version: 1,
      customer: { typeId: 'customer', id: customer.customer.id },
      paymentMethodStatus: 'Inactive',
      default: false,
      token: { value: 'tok_123' },
    });
    const unitCard = await create<Resource>(server, admin, 'payment-methods', {
      businessUnit: { typeId: 'business-unit', key: 'pm-unit' },
      paymentMethodStatus: 'Active',
    });
    expect(unitCard.businessUnit).toEqual({ typeId: 'business-unit', key: unit.key });
    await expectError(
      await api(server, admin, `/${server.projectKey}/payment-methods`, { body: { customer: { typeId: 'customer', id: 'nobody' } } }),
      400,
      'ReferencedResourceNotFound',
    );
    const changed = await updated<Resource>(server, admin, 'payment-methods', card, [
      { action: 'setPaymentMethodStatus', paymentMethodStatus: 'Active' },
      { action: 'setDefault', default: true },
      { action: 'setName', name: { en: 'My card' } },
      { action: 'setMethod' },
    ]);
    expect(changed).toMatchObject({ version: 2, default: true, paymentMethodStatus: 'Active', name: { en: 'My card' } });
    expect(changed.method).toBeUndefined();
    await expectError(
      await update(server, admin, 'payment-methods', card.id, 2, [{ action: 'setPaymentMethodStatus', paymentMethodStatus: 'Lost' }]),
      400,
      'InvalidField',
    );
    const page = await api(server, admin, `/${server.projectKey}/payment-methods?where=${encodeURIComponent(`customer(id = "${customer.customer.id}")`)}`);
    expect(((await page.json()) as { results: Resource[] }).results.map((r) => r.id)).toEqual([card.id]);
    const other = await clientToken(server, 'view_products:test');
    expect((await api(server, other, `/${server.projectKey}/payment-methods/${card.id}`)).status).toBe(403);
    const viewer = await clientToken(server, 'view_payments:test');
    expect((await api(server, viewer, `/${server.projectKey}/payment-methods/key=card-1`)).status).toBe(200);
  });

  it("an owner has one default, and it is active: a new default takes the flag from the owner's previous one only", async () => {
    const { customer } = await create<{ customer: Resource }>(server, admin, 'customers', { email: 'pm-default@example.com', password: 'secret123' });
    await create<Resource>(server, admin, 'business-units', { key: 'pm-default-unit', name: 'Unit', unitType: 'Company' });
    const owner = { customer: { typeId: 'customer', id: customer.id } };
    const unit = { businessUnit: { typeId: 'business-unit', key: 'pm-default-unit' } };
    const first = await create<Resource>(server, admin, 'payment-methods', { ...owner, paymentMethodStatus: 'Active', default: true });
    // The same customer within a business unit (an associate) is another owner; so is the unit alone.
    const associate = await create<Resource>(server, admin, 'payment-methods', { ...owner, ...unit, paymentMethodStatus: 'Active', default: true });
    const unitOnly = await create<Resource>(server, admin, 'payment-methods', { ...unit, paymentMethodStatus: 'Active', default: true });
    const second = await create<Resource>(server, admin, 'payment-methods', { ...owner, paymentMethodStatus: 'Active', default: true });
    const read = async (r: Resource) => (await api(server, admin, `/${server.projectKey}/payment-methods/${r.id}`)).json() as Promise<Resource>;
    expect(await read(first)).toMatchObject({ default: false, version: 2 });
    expect([(await read(associate)).default, (await read(unitOnly)).default, (await read(second)).default]).toEqual([true, true, true]);
    const third = await create<Resource>(server, admin, 'payment-methods', { ...owner, paymentMethodStatus: 'Active' });
    await updated(server, admin, 'payment-methods', third, [{ action: 'setDefault', default: true }]);
    expect((await read(second)).default).toBe(false);
    await expectError(await api(server, admin, `/${server.projectKey}/payment-methods`, { body: { ...owner, default: true } }), 400, 'InvalidOperation');
    await expectError(
      await update(server, admin, 'payment-methods', third.id, 2, [{ action: 'setPaymentMethodStatus', paymentMethodStatus: 'Inactive' }]),
      400,
      'InvalidOperation',
    );
    const inactive = await create<Resource>(server, admin, 'payment-methods', owner);
    await expectError(await update(server, admin, 'payment-methods', inactive.id, 1, [{ action: 'setDefault', default: true }]), 400, 'InvalidOperation');
    expect((await read(third)).default).toBe(true);
  });
});
