import type { FieldDefinition } from '../../../generated/openapi/client/types.gen.js';
import { checkFieldValue, type FieldReference } from './custom-field-values.js';

const def = (type: FieldDefinition['type']): FieldDefinition => ({ name: 'f', label: { en: 'f' }, required: false, type });
const check = (type: FieldDefinition['type'], value: unknown, refs: FieldReference[] = []) => checkFieldValue(def(type), value, refs);

describe('custom field values', () => {
  it('money is stored as CentPrecisionMoney with the currency own fraction digits', () => {
    expect(check({ name: 'Money' }, { currencyCode: 'JPY', centAmount: 500 })).toEqual({
      type: 'centPrecision',
      currencyCode: 'JPY',
      centAmount: 500,
      fractionDigits: 0,
    });
    expect(check({ name: 'Money' }, { type: 'centPrecision', currencyCode: 'EUR', centAmount: -1, fractionDigits: 2 })).toMatchObject({ fractionDigits: 2 });
    for (const bad of [
      { currencyCode: 'EUR', centAmount: 1, fractionDigits: 3 },
      { currencyCode: 'EUR', centAmount: 1, type: 'highPrecision' },
      { currencyCode: 'eur', centAmount: 1 },
      { centAmount: 1 },
    ]) {
      expect(() => check({ name: 'Money' }, bad)).toThrow(expect.objectContaining({ code: 'InvalidField' }));
    }
  });

  it('times are normalized to HH:mm:ss.SSS; date-times to UTC and need an offset', () => {
    expect(check({ name: 'Time' }, '07:05')).toBe('07:05:00.000');
    expect(check({ name: 'Time' }, '23:59:59.5')).toBe('23:59:59.500');
    expect(() => check({ name: 'Time' }, '24:00')).toThrow();
    expect(check({ name: 'DateTime' }, '2030-06-01T00:30:00-02:00')).toBe('2030-06-01T02:30:00.000Z');
    expect(() => check({ name: 'DateTime' }, '2030-06-01')).toThrow();
  });

  it('dates must exist', () => {
    expect(check({ name: 'Date' }, '2028-02-29')).toBe('2028-02-29');
    expect(() => check({ name: 'Date' }, '2030-02-29')).toThrow();
  });

  it('references keep the field type id and are reported for an existence check', () => {
    const refs: FieldReference[] = [];
    expect(check({ name: 'Set', elementType: { name: 'Reference', referenceTypeId: 'store' } }, [{ id: 'a' }, { typeId: 'store', id: 'b' }], refs)).toEqual([
      { typeId: 'store', id: 'a' },
      { typeId: 'store', id: 'b' },
    ]);
    expect(refs).toEqual([
      { field: 'f', typeId: 'store', id: 'a' },
      { field: 'f', typeId: 'store', id: 'b' },
    ]);
  });

  it('enum errors list the allowed keys, also for a Set of enums', () => {
    const values = [{ key: 'a', label: 'A' }];
    expect(() => check({ name: 'Set', elementType: { name: 'Enum', values } }, ['a', 'b'])).toThrow(
      expect.objectContaining({ extra: expect.objectContaining({ allowedValues: ['a'] }) }),
    );
  });
});
