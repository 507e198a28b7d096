import type { SqlRunner } from '../../../src/db/sql-runner.js';
import {
  array,
  boolean,
  customFields,
  datetime,
  geoPoint,
  keyReference,
  localizedString,
  number,
  object,
  reference,
  string,
} from '../../../src/query/field-schema.js';
import { defineQueryableResource, type QueryableResource } from '../../../src/query/queryable-resource.js';

/** A made-up resource exercising every field kind, stored like the real resource tables. */
export const widgetFields = object({
  id: string(),
  key: string(),
  version: number(),
  createdAt: datetime(),
  lastModifiedAt: datetime(),
  sku: string(),
  title: string(),
  name: localizedString(),
  count: number(),
  active: boolean(),
  dob: datetime(),
  price: object({ centAmount: number(), currencyCode: string() }),
  tags: array(string()),
  scores: array(number()),
  matrix: array(array(number())),
  items: array(object({ sku: string(), qty: number(), labels: array(string()), name: localizedString() })),
  custom: customFields(),
  geo: geoPoint(),
  parent: reference('widget'),
  stores: array(keyReference('store')),
});

export function widgetResource(table = 'Widget'): QueryableResource {
  return defineQueryableResource({
    table,
    typeId: 'widget',
    fields: widgetFields,
    extraColumns: { sku: { column: 'sku', type: 'string' } },
  });
}

export type Doc = Record<string, unknown> & { id: string };

/** Creates the table the way the migrations do (C collation on PostgreSQL text columns). */
export async function createWidgetTable(db: SqlRunner, table = 'Widget'): Promise<void> {
  const pg = db.dialect === 'postgresql';
  const text = pg ? 'TEXT COLLATE "C"' : 'TEXT';
  await db.executeRaw(
    `CREATE TABLE "${table}" ("id" ${text} PRIMARY KEY, "projectKey" ${text} NOT NULL, "key" ${text}, "version" INTEGER NOT NULL, ` +
      `"createdAt" ${text} NOT NULL, "lastModifiedAt" ${text} NOT NULL, "sku" ${text}, "data" ${pg ? 'JSONB' : 'TEXT'} NOT NULL)`,
  );
  for (const cols of [
    ['projectKey', 'id'],
    ['projectKey', 'key'],
    ['projectKey', 'createdAt'],
    ['projectKey', 'lastModifiedAt'],
    ['projectKey', 'sku'],
  ]) {
    await db.executeRaw(`CREATE INDEX "${table}_${cols.join('_')}_idx" ON "${table}" (${cols.map((c) => `"${c}"`).join(', ')})`);
  }
}

export async function insertWidgets(db: SqlRunner, docs: Doc[], projectKey = 'p1', table = 'Widget'): Promise<void> {
  const pg = db.dialect === 'postgresql';
  const batch = 50;
  for (let i = 0; i < docs.length; i += batch) {
    const chunk = docs.slice(i, i + batch);
    const params: unknown[] = [];
    const rows = chunk.map((doc) => {
      const values = [doc.id, projectKey, doc.key ?? null, doc.version, doc.createdAt, doc.lastModifiedAt, doc.sku ?? null, JSON.stringify(doc)];
      const placeholders = values.map((v, column) => {
        params.push(v);
        return pg ? `$${params.length}${column === values.length - 1 ? '::jsonb' : ''}` : '?';
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.executeRaw(
      `INSERT INTO "${table}" ("id", "projectKey", "key", "version", "createdAt", "lastModifiedAt", "sku", "data") VALUES ${rows.join(', ')}`,
      params,
    );
  }
}
