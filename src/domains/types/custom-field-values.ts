import type { FieldDefinition, FieldType, SetElementFieldType } from '../../../generated/openapi/client/types.gen.js';
import { InvalidFieldError } from '../../errors/api-error.js';

/** A Reference value found while checking fields; its target's existence is checked afterwards, in one batch per type. */
export interface FieldReference {
  field: string;
  typeId: string;
  id: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
// A date-time needs its offset: without one the instant it names would depend on the server's zone.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LOCALE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;
const CURRENCY = /^[A-Z]{3}$/;

/** Signals a value of the wrong shape; the caller turns it into InvalidField for the field being checked. */
const INVALID = Symbol('invalid');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Fraction digits of an ISO 4217 currency, or undefined for a code Intl does not know. */
function fractionDigits(currencyCode: string): number | undefined {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits;
    // Intl accepts any well-formed code; only known currencies have a display name different from the code.
    const known = new Intl.DisplayNames('en', { type: 'currency' }).of(currencyCode) !== currencyCode;
    return known ? digits : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each field type's check: the value as stored (normalized where the platform normalizes, e.g.
 * money to CentPrecisionMoney, times to `HH:mm:ss.SSS`), or INVALID.
 */
const checkers: { [K in FieldType['name']]: (value: unknown, type: Extract<FieldType, { name: K }>, refs: (typeId: string, id: string) => void) => unknown } = {
  Boolean: (v) => (typeof v === 'boolean' ? v : INVALID),
  String: (v) => (typeof v === 'string' ? v : INVALID),
  Number: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : INVALID),
  LocalizedString: (v) => (isRecord(v) && Object.entries(v).every(([locale, text]) => LOCALE.test(locale) && typeof text === 'string') ? v : INVALID),
  Enum: (v, t) => (typeof v === 'string' && t.values.some((e) => e.key === v) ? v : INVALID),
  LocalizedEnum: (v, t) => (typeof v === 'string' && t.values.some((e) => e.key === v) ? v : INVALID),
  Date: (v) => {
    const m = typeof v === 'string' ? DATE.exec(v) : null;
    return m && validDate(Number(m[1]), Number(m[2]), Number(m[3])) ? v : INVALID;
  },
  Time: (v) => {
    const m = typeof v === 'string' ? TIME.exec(v) : null;
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return INVALID;
    return `${m[1]}:${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(3, '0')}`;
  },
  DateTime: (v) => {
    if (typeof v !== 'string' || !DATE_TIME.test(v)) return INVALID;
    const instant = new Date(v);
    return Number.isNaN(instant.getTime()) ? INVALID : instant.toISOString();
  },
  Money: (v) => {
    if (!isRecord(v) || typeof v.currencyCode !== 'string' || !CURRENCY.test(v.currencyCode)) return INVALID;
    if (!Number.isSafeInteger(v.centAmount) || (v.type !== undefined && v.type !== 'centPrecision')) return INVALID;
    const digits = fractionDigits(v.currencyCode);
    if (digits === undefined || (v.fractionDigits !== undefined && v.fractionDigits !== digits)) return INVALID;
    return { type: 'centPrecision', currencyCode: v.currencyCode, centAmount: v.centAmount, fractionDigits: digits };
  },
  Reference: (v, t, refs) => {
    if (!isRecord(v) || typeof v.id !== 'string' || v.id === '' || (v.typeId !== undefined && v.typeId !== t.referenceTypeId)) return INVALID;
    refs(t.referenceTypeId, v.id);
    return { typeId: t.referenceTypeId, id: v.id };
  },
  Set: (v, t, refs) => {
    if (!Array.isArray(v)) return INVALID;
    const elements = v.map((element) => checkValue(element, t.elementType, refs));
    return elements.includes(INVALID) ? INVALID : elements;
  },
};

function checkValue(value: unknown, type: FieldType | SetElementFieldType, refs: (typeId: string, id: string) => void): unknown {
  return (checkers[type.name] as (v: unknown, t: FieldType, r: typeof refs) => unknown)(value, type as FieldType, refs);
}

/**
 * The value of one custom field as stored, checked against its definition; a value of the wrong
 * type is 400 InvalidField (with the allowed keys for enums). References found are pushed to `refs`.
 */
export function checkFieldValue(definition: FieldDefinition, value: unknown, refs: FieldReference[]): unknown {
  const checked = checkValue(value, definition.type, (typeId, id) => refs.push({ field: definition.name, typeId, id }));
  if (checked !== INVALID) return checked;
  const enumType = definition.type.name === 'Set' ? definition.type.elementType : definition.type;
  const allowed = enumType.name === 'Enum' || enumType.name === 'LocalizedEnum' ? enumType.values.map((e) => e.key) : undefined;
  throw new InvalidFieldError(definition.name, value, allowed);
}
