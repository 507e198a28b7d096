/**
 * The widget's JSON shape as the test oracle sees it, written by hand from the widget description
 * in widget-resource.ts (never derived from the engine's field schema, so a wrong schema there
 * cannot leak into the expected answers).
 *
 * - `date`/`datetime`: ISO 8601 strings, compared as instants in time.
 * - `dynamic`: a custom field value of any JSON type (typed by the literal it is compared with).
 * - `{ fields }`: an object with named members; `point` marks a GeoJSON point (`within circle`).
 * - `{ anyKey }`: an object whose members are all of one kind (LocalizedString, custom fields).
 * - `{ each }`: an array.
 */
export type Kind =
  'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'dynamic' | { fields: Record<string, Kind>; point?: true } | { anyKey: Kind } | { each: Kind };

const localizedString: Kind = { anyKey: 'string' };
const reference: Kind = { fields: { typeId: 'string', id: 'string' } };

export const WIDGET_KINDS: Kind = {
  fields: {
    id: 'string',
    key: 'string',
    version: 'number',
    createdAt: 'datetime',
    lastModifiedAt: 'datetime',
    sku: 'string',
    title: 'string',
    name: localizedString,
    count: 'number',
    active: 'boolean',
    dob: 'date',
    price: { fields: { centAmount: 'number', currencyCode: 'string' } },
    tags: { each: 'string' },
    scores: { each: 'number' },
    matrix: { each: { each: 'number' } },
    items: { each: { fields: { sku: 'string', qty: 'number', labels: { each: 'string' }, name: localizedString } } },
    custom: { fields: { type: reference, fields: { anyKey: 'dynamic' } } },
    geo: { fields: { type: 'string', coordinates: { each: 'number' } }, point: true },
    parent: reference,
    stores: { each: { fields: { typeId: 'string', key: 'string' } } },
  },
};

/** The kind of member `name` inside a value of kind `kind`, or undefined when there is none. */
export function memberKind(kind: Kind, name: string): Kind | undefined {
  if (kind === 'dynamic') return 'dynamic';
  if (typeof kind !== 'object') return undefined;
  if ('fields' in kind) return Object.hasOwn(kind.fields, name) ? kind.fields[name] : undefined;
  if ('anyKey' in kind) return kind.anyKey;
  return undefined;
}
