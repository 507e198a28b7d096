import { type CheckedPredicate, type CheckedTest, type Circle, type Scalar, type ValueShape, haversineThreshold } from './checked-predicate.js';
import type { ComparisonOperator } from './predicate-ast.js';
import type { ColumnSpec } from './queryable-resource.js';
import { member, quoteIdentifier, type JsonLoc, type SqlBuilder } from './sql-dialect.js';

/**
 * Compiles a checked predicate to a SQL boolean expression over one row of `table`. Fields with a
 * column compile to that column (so indexes apply); everything else to JSON access on `data`.
 * The expression is never NULL, so `NOT` is exact negation (see checked-predicate.ts for semantics).
 */
export function compilePredicate(predicate: CheckedPredicate, sql: SqlBuilder, table: string): string {
  return new PredicateCompiler(sql, table).node(predicate, { base: `${quoteIdentifier(table)}."data"`, path: [] });
}

const SQL_OPERATORS: Record<ComparisonOperator, string> = { '=': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

type Leaf = (loc: JsonLoc) => string;

class PredicateCompiler {
  constructor(
    private readonly sql: SqlBuilder,
    private readonly table: string,
  ) {}

  private get d() {
    return this.sql.dialect;
  }

  node(node: CheckedPredicate, loc: JsonLoc): string {
    switch (node.kind) {
      case 'and':
      case 'or':
        return `(${node.operands.map((o) => this.node(o, loc)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(NOT ${this.node(node.operand, loc)})`;
      case 'field':
        return node.column ? this.column(node.column, node.test) : this.field(member(loc, node.name), node.shape, node.test);
    }
  }

  private field(loc: JsonLoc, shape: ValueShape, test: CheckedTest): string {
    switch (test.kind) {
      case 'defined':
        return test.negated ? `(NOT ${this.d.isDefined(loc)})` : this.d.isDefined(loc);
      case 'empty':
        return test.negated ? `(NOT ${this.d.isEmpty(loc)})` : this.d.isEmpty(loc);
      case 'compare':
        return this.iterate(loc, shape, (v) => this.compare(v, test.op, test.value));
      case 'in':
        return this.iterate(loc, shape, (v) => this.inList(v, test.values, test.negated));
      case 'circle':
        return this.iterate(loc, shape, (v) => this.circle(v, test.circle));
      case 'nested':
        // AND rather than CASE: reading members of a value that is not an object is NULL in both
        // dialects (never an error, unlike a cast), and a plain conjunction lets the planner use an
        // index on a column the nested predicate compiles to (`parent(id = …)` on parentId).
        // When the nested predicate can only hold with a column non-null, that column already says
        // the object is there (see ColumnSpec): no guard, so no JSON is read for the rows the index finds.
        if (requiresColumnValue(test.predicate)) return this.iterate(loc, shape, (v) => this.node(test.predicate, v));
        return this.iterate(loc, shape, (v) => `(${this.d.typeIs(v, ['object'])} AND ${this.node(test.predicate, v)})`);
      case 'contains': {
        const setTest = (array: JsonLoc) => this.containsIn(array, test.mode, test.values);
        if (shape.arrays > 0) return this.iterate(loc, { arrays: shape.arrays - 1, dynamic: false }, setTest);
        // A dynamic value that is not an array counts as a set of one element.
        const single = test.mode === 'any' ? this.inList(loc, test.values, false) : this.allEqual(loc, test.values);
        return `CASE WHEN ${this.d.typeIs(loc, ['array'])} THEN ${setTest(loc)} ELSE ${single} END`;
      }
    }
  }

  /**
   * Applies `leaf` to every value the shape reaches: any array element matches. A dynamic value
   * (not inside a typed array) that is an array is iterated too; otherwise it is tested itself.
   */
  private iterate(loc: JsonLoc, shape: ValueShape, leaf: Leaf): string {
    if (shape.arrays > 0) {
      const inner = { arrays: shape.arrays - 1, dynamic: false };
      return this.d.existsElement(loc, this.sql.alias(), (e) => this.iterate(e, inner, leaf));
    }
    return shape.dynamic ? this.d.existsElementOrSelf(loc, this.sql.alias(), leaf) : leaf(loc);
  }

  private containsIn(array: JsonLoc, mode: 'any' | 'all', values: Scalar[]): string {
    if (mode === 'any') return this.d.existsElement(array, this.sql.alias(), (e) => this.inList(e, values, false));
    const checks = distinct(values).map((v) => this.d.existsElement(array, this.sql.alias(), (e) => this.compare(e, '=', v)));
    return `(${checks.join(' AND ')})`;
  }

  private allEqual(loc: JsonLoc, values: Scalar[]): string {
    return `(${distinct(values)
      .map((v) => this.compare(loc, '=', v))
      .join(' AND ')})`;
  }

  private whenType(loc: JsonLoc, type: 'string' | 'number' | 'object', then: string): string {
    return `CASE WHEN ${this.d.typeIs(loc, [type])} THEN ${then} ELSE FALSE END`;
  }

  private compare(loc: JsonLoc, op: ComparisonOperator, value: Scalar): string {
    switch (value.type) {
      case 'boolean':
        return this.d.boolIs(loc, op === '=' ? value.value : !value.value);
      case 'string':
        return this.whenType(loc, 'string', `${this.d.collate(this.d.text(loc))} ${SQL_OPERATORS[op]} ${this.sql.bind(value.value, 'text')}`);
      case 'number':
        return this.whenType(loc, 'number', `${this.d.num(loc)} ${SQL_OPERATORS[op]} ${this.sql.bind(value.value, 'numeric')}`);
    }
  }

  private inList(loc: JsonLoc, values: Scalar[], negated: boolean): string {
    const first = values[0];
    if (first.type === 'boolean') {
      const listed = new Set(values.map((v) => v.value));
      const matching = [true, false].filter((b) => listed.has(b) !== negated);
      return matching.length === 0 ? 'FALSE' : `(${matching.map((b) => this.d.boolIs(loc, b)).join(' OR ')})`;
    }
    const cast = first.type === 'string' ? 'text' : 'numeric';
    const expr = first.type === 'string' ? this.d.text(loc) : this.d.num(loc);
    const list = values.map((v) => this.sql.bind(v.value, cast)).join(', ');
    return this.whenType(loc, first.type, `${expr} ${negated ? 'NOT IN' : 'IN'} (${list})`);
  }

  /** Haversine test `a <= sin²(r / 2R)`; the center's trigonometry is computed here, once. */
  private circle(loc: JsonLoc, circle: Circle): string {
    const lngLoc = member(member(loc, 'coordinates'), 0);
    const latLoc = member(member(loc, 'coordinates'), 1);
    const lat0 = (circle.lat * Math.PI) / 180;
    const lng0 = (circle.lng * Math.PI) / 180;
    const lat = `radians(${this.d.float(latLoc)})`;
    const lng = `radians(${this.d.float(lngLoc)})`;
    const a =
      `power(sin((${lat} - ${this.sql.bind(lat0, 'float8')}) / 2), 2) + ${this.sql.bind(Math.cos(lat0), 'float8')} * cos(${lat}) * ` +
      `power(sin((${lng} - ${this.sql.bind(lng0, 'float8')}) / 2), 2)`;
    const numbers = `${this.d.typeIs(lngLoc, ['number'])} AND ${this.d.typeIs(latLoc, ['number'])}`;
    return this.whenType(loc, 'object', `CASE WHEN ${numbers} THEN ${a} <= ${this.sql.bind(haversineThreshold(circle.radius), 'float8')} ELSE FALSE END`);
  }

  private column(spec: ColumnSpec, test: CheckedTest): string {
    const col = `${quoteIdentifier(this.table)}.${quoteIdentifier(spec.column)}`;
    const cast = spec.type === 'number' ? 'numeric' : 'text';
    let condition: string;
    if (test.kind === 'defined') {
      return `${col} IS ${test.negated ? '' : 'NOT '}NULL`;
    } else if (test.kind === 'compare') {
      // Equality needs no collation (and keeps the index usable whatever the column's collation).
      const lhs = spec.type !== 'number' && test.op !== '=' && test.op !== '!=' ? this.d.collate(col) : col;
      condition = `${lhs} ${SQL_OPERATORS[test.op]} ${this.sql.bind(test.value.value, cast)}`;
    } else if (test.kind === 'in') {
      condition = `${col} ${test.negated ? 'NOT IN' : 'IN'} (${test.values.map((v) => this.sql.bind(v.value, cast)).join(', ')})`;
    } else {
      throw new Error(`Column test ${test.kind} is compiled from JSON`);
    }
    return spec.notNull ? condition : `(${col} IS NOT NULL AND ${condition})`;
  }
}

/**
 * True when `predicate` can only hold for a row where some column it tests is non-null: every column
 * test but `is not defined` compiles to `col IS NOT NULL AND …` (or needs no guard on a NOT NULL column).
 */
function requiresColumnValue(predicate: CheckedPredicate): boolean {
  switch (predicate.kind) {
    case 'and':
      return predicate.operands.some(requiresColumnValue);
    case 'or':
      return predicate.operands.every(requiresColumnValue);
    case 'not':
      return false;
    case 'field':
      return predicate.column !== undefined && !(predicate.test.kind === 'defined' && predicate.test.negated);
  }
}

function distinct(values: Scalar[]): Scalar[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = `${v.type}:${String(v.value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
