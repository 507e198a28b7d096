import { InvalidInputError } from '../errors/api-error.js';
import type { CheckedPredicate, CheckedTest, Scalar, ValueShape } from './checked-predicate.js';
import { readDateTimeLiteral } from './datetime-literal.js';
import { describeKind, hasMembers, isScalar, memberOf, type FieldSchema } from './field-schema.js';
import type { FieldTestNode, ListNode, PredicateNode, ValueNode } from './predicate-ast.js';
import { describePosition } from './predicate-lexer.js';
import { parsePredicate } from './predicate-parser.js';
import type { QueryableResource } from './queryable-resource.js';

/** Values of `var.<name>` query parameters; a repeated parameter gives a list. */
export type PredicateVariables = Record<string, string[]>;

/**
 * Parses every `where` text, checks it against the resource's fields, binds variables and combines
 * the results with `and`. Returns undefined when there is no predicate at all.
 */
export function checkPredicates(wheres: readonly string[], resource: QueryableResource, vars: PredicateVariables = {}): CheckedPredicate | undefined {
  const checked = wheres.map((where) => checkPredicate(where, resource, vars));
  if (checked.length === 0) return undefined;
  return checked.length === 1 ? checked[0] : { kind: 'and', operands: checked };
}

export function checkPredicate(source: string, resource: QueryableResource, vars: PredicateVariables = {}): CheckedPredicate {
  const ast = parsePredicate(source);
  return new Checker(source, resource, vars).check(ast, resource.fields, '');
}

const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

class Checker {
  constructor(
    private readonly source: string,
    private readonly resource: QueryableResource,
    private readonly vars: PredicateVariables,
  ) {}

  /**
   * `path`: the dotted path of `context` from the document's root (`''` at the root, `parent.` inside
   * `parent(...)`), or undefined below an array: a field reached through objects alone may have a
   * column of its own (e.g. a category's `parent.id`), one inside an array never does.
   */
  check(node: PredicateNode, context: FieldSchema, path: string | undefined): CheckedPredicate {
    switch (node.kind) {
      case 'and':
      case 'or':
        return { kind: node.kind, operands: node.operands.map((o) => this.check(o, context, path)) };
      case 'not':
        return { kind: 'not', operand: this.check(node.operand, context, path) };
      case 'field':
        return this.checkField(node, context, path);
    }
  }

  private checkField(node: Extract<PredicateNode, { kind: 'field' }>, context: FieldSchema, path: string | undefined): CheckedPredicate {
    const schema = memberOf(context, node.name);
    if (schema === undefined) throw this.error(node.pos, `Unknown field '${node.name}'.`);
    let inner = schema;
    let arrays = 0;
    while (inner.kind === 'array') {
      inner = inner.items;
      arrays++;
    }
    const shape: ValueShape = { arrays, dynamic: inner.kind === 'dynamic' };
    const fieldPath = path !== undefined && arrays === 0 ? `${path}${node.name}` : undefined;
    const test = this.checkTest(node, node.test, schema, inner, shape, fieldPath);
    const column = fieldPath !== undefined && Object.hasOwn(this.resource.columns, fieldPath) ? this.resource.columns[fieldPath] : undefined;
    // Boolean columns are left to the JSON path: their SQL representation differs between databases.
    const usesColumn = column !== undefined && column.type !== 'boolean' && ['compare', 'in', 'defined'].includes(test.kind);
    return usesColumn ? { kind: 'field', name: node.name, column, shape, test } : { kind: 'field', name: node.name, shape, test };
  }

  private checkTest(
    field: { name: string; pos: number },
    test: FieldTestNode,
    schema: FieldSchema,
    inner: FieldSchema,
    shape: ValueShape,
    fieldPath: string | undefined,
  ): CheckedTest {
    const what = `Field '${field.name}' (${describeKind(schema)})`;
    switch (test.kind) {
      case 'defined':
        return test;
      case 'empty':
        if (isScalar(schema) || schema.kind === 'geoPoint') throw this.error(field.pos, `${what} cannot be tested with 'is empty'.`);
        return test;
      case 'compare': {
        if (!isScalar(inner) && inner.kind !== 'dynamic') throw this.error(field.pos, `${what} cannot be compared with a value.`);
        if (inner.kind === 'boolean' && test.op !== '=' && test.op !== '!=') {
          throw this.error(field.pos, `${what} only supports '=' and '!='.`);
        }
        const value = this.scalar(test.value, inner, what);
        if (value.type === 'boolean' && test.op !== '=' && test.op !== '!=') {
          throw this.error(test.value.pos, `Booleans only support '=' and '!='.`);
        }
        return { kind: 'compare', op: test.op, value };
      }
      case 'in':
      case 'contains': {
        if (!isScalar(inner) && inner.kind !== 'dynamic') throw this.error(field.pos, `${what} cannot be compared with values.`);
        if (test.kind === 'contains' && shape.arrays === 0 && !shape.dynamic) {
          throw this.error(field.pos, `${what} is not an array, 'contains' needs one.`);
        }
        const values = this.list(test.list, inner, what);
        return test.kind === 'in' ? { kind: 'in', negated: test.negated, values } : { kind: 'contains', mode: test.mode, values };
      }
      case 'circle': {
        if (inner.kind !== 'geoPoint' && inner.kind !== 'dynamic') throw this.error(field.pos, `${what} is not a geo location.`);
        const numberSchema: FieldSchema = { kind: 'number' };
        const lng = this.numberOf(test.lng, numberSchema, what);
        const lat = this.numberOf(test.lat, numberSchema, what);
        const radius = this.numberOf(test.radius, numberSchema, what);
        if (lat < -90 || lat > 90 || lng < -180 || lng > 180 || radius < 0) {
          throw this.error(test.lng.pos, 'Invalid circle: longitude must be within [-180, 180], latitude within [-90, 90] and the radius not negative.');
        }
        return { kind: 'circle', circle: { lng, lat, radius } };
      }
      case 'nested':
        if (!hasMembers(inner)) throw this.error(field.pos, `${what} has no fields to query.`);
        return { kind: 'nested', predicate: this.check(test.predicate, inner, fieldPath === undefined ? undefined : `${fieldPath}.`) };
    }
  }

  private numberOf(node: ValueNode, schema: FieldSchema, what: string): number {
    const scalar = this.scalar(node, schema, what);
    // scalar() only returns numbers for a number schema
    return scalar.type === 'number' ? scalar.value : 0;
  }

  private list(list: ListNode, inner: FieldSchema, what: string): Scalar[] {
    const values: Scalar[] = [];
    for (const item of list.items) {
      if (item.kind === 'variable') {
        for (const text of this.variable(item)) values.push(this.fromText(text, inner, what, item.pos));
      } else {
        values.push(this.scalar(item, inner, what));
      }
    }
    if (values.some((v) => v.type !== values[0].type)) throw this.error(list.pos, 'All values of a list must have the same type.');
    return values;
  }

  private scalar(node: ValueNode, schema: FieldSchema, what: string): Scalar {
    if (node.kind === 'string') this.checkText(node.value, node.pos);
    if (node.kind === 'variable') {
      const values = this.variable(node);
      if (values.length !== 1) throw this.error(node.pos, `Variable '${node.name}' must have exactly one value here.`);
      return this.fromText(values[0], schema, what, node.pos);
    }
    const literal: Scalar =
      node.kind === 'string'
        ? { type: 'string', value: node.value }
        : node.kind === 'number'
          ? { type: 'number', value: node.value }
          : { type: 'boolean', value: node.value };
    const expected = expectedType(schema);
    if (expected !== undefined && literal.type !== expected) {
      throw this.error(node.pos, `${what} cannot be compared with a ${literal.type}.`);
    }
    return literal.type === 'string' ? this.dateTime(literal.value, schema, what, node.pos) : literal;
  }

  /** A date-time compared with a date-time field is compared in the form the server stores. */
  private dateTime(text: string, schema: FieldSchema, what: string, pos: number): Scalar {
    const read = schema.kind === 'datetime' ? readDateTimeLiteral(text) : { kind: 'other' as const };
    if (read.kind === 'invalid') throw this.error(pos, `${what} needs a valid date-time, got '${text}'.`);
    return { type: 'string', value: read.kind === 'instant' ? read.value : text };
  }

  /** Variables arrive as text; the field's type says how to read them (custom fields: as text). */
  private fromText(text: string, schema: FieldSchema, what: string, pos: number): Scalar {
    this.checkText(text, pos);
    const expected = expectedType(schema) ?? 'string';
    if (expected === 'string') return this.dateTime(text, schema, what, pos);
    if (expected === 'number') {
      if (!NUMBER_TEXT.test(text) || !Number.isFinite(Number(text))) throw this.error(pos, `${what} needs a number, got '${text}'.`);
      return { type: 'number', value: Number(text) };
    }
    if (text !== 'true' && text !== 'false') throw this.error(pos, `${what} needs true or false, got '${text}'.`);
    return { type: 'boolean', value: text === 'true' };
  }

  /** PostgreSQL text cannot hold NUL; refusing it here keeps both databases answering alike. */
  private checkText(text: string, pos: number): void {
    if (text.includes('\u0000')) throw this.error(pos, 'Strings must not contain the NUL character.');
  }

  private variable(node: Extract<ValueNode, { kind: 'variable' }>): string[] {
    const values = Object.hasOwn(this.vars, node.name) ? this.vars[node.name] : undefined;
    if (values === undefined || values.length === 0) {
      throw this.error(node.pos, `Variable '${node.name}' is not defined: give it as query parameter 'var.${node.name}'.`);
    }
    return values;
  }

  private error(pos: number, message: string): InvalidInputError {
    return new InvalidInputError(`Malformed parameter: where: ${message} ${describePosition(this.source, pos)}`);
  }
}

function expectedType(schema: FieldSchema): Scalar['type'] | undefined {
  switch (schema.kind) {
    case 'string':
    case 'datetime':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}
