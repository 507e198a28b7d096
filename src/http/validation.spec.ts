import { operations } from '../../generated/openapi/operations.js';
import { validatorsOf, warmValidators } from './validation.js';

describe('request validators', () => {
  // Servers compile an operation's validators at its first request, so a schema ajv cannot compile
  // would otherwise only show when a client first calls that operation.
  it('compile for every operation of the contract, once each', async () => {
    await warmValidators(operations);
    for (const op of operations) {
      const validators = validatorsOf(op);
      expect(validators).toBe(validatorsOf(op));
      if (op.bodySchema) expect(typeof validators.body).toBe('function');
      if (op.pathSchema) expect(typeof validators.path).toBe('function');
      if (op.querySchema) expect(typeof validators.query).toBe('function');
    }
  });

  it('reject what the contract rejects: a query parameter of the wrong type', () => {
    const query = operations.find((op) => op.method === 'GET' && op.path === '/{projectKey}/stores')!;
    const validate = validatorsOf(query).query!;
    expect(validate({ limit: '20' })).toBe(true);
    expect(validate({ limit: 'many' })).toBe(false);
  });
});
