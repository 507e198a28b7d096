import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../generated/openapi/document.js';
import type { OperationSpec } from '../../generated/openapi/operations.js';
import { ApiError, InvalidFieldError, InvalidInputError, RequiredFieldError } from '../errors/api-error.js';

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule.default as unknown as (ajv: Ajv2020) => Ajv2020;

const DOC_ID = 'openapi';

/** Rewrites local refs so a schema taken out of the document still resolves against it. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema)
        // ajv's discriminator support rejects `mapping`; it derives the same from the members' `const`.
        .filter(([k]) => k !== 'mapping')
        .map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? DOC_ID + v : rebase(v)]),
    );
  }
  return schema;
}

function newAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, discriminator: true, coerceTypes: coerce ? 'array' : false, useDefaults: true });
  addFormats(ajv);
  ajv.addFormat('int64', true);
  ajv.addKeyword('components');
  ajv.addSchema({ $id: DOC_ID, components: rebase(openApiDocument.components) }, DOC_ID);
  return ajv;
}

const bodyAjv = newAjv(false);
const paramAjv = newAjv(true);

export interface OperationValidators {
  path?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}

const compiled = new Map<string, OperationValidators>();

/**
 * The validators of an operation, compiled on first use and then kept for the process (every app
 * built in it shares them).
 *
 * Why not all at start: compiling the ~800 operations' schemas took ~3-5 s of CPU, nearly all of a
 * server's start, and each test file starts its own server while touching a handful of operations.
 * `npm start` still compiles them all, after it listens (`warmValidators`), so production requests
 * do not pay for it; a test compiles every one of them (`src/http/validation.spec.ts`).
 */
export function validatorsOf(op: OperationSpec): OperationValidators {
  let validators = compiled.get(op.operationId);
  if (validators === undefined) {
    validators = {
      path: op.pathSchema ? paramAjv.compile(rebase(op.pathSchema) as object) : undefined,
      query: op.querySchema ? paramAjv.compile(rebase(op.querySchema) as object) : undefined,
      body: op.bodySchema ? bodyAjv.compile(rebase(op.bodySchema) as object) : undefined,
    };
    compiled.set(op.operationId, validators);
  }
  return validators;
}

/**
 * Compiles the validators of `ops` a few at a time between turns of the event loop, so a server that
 * is already listening keeps answering meanwhile (each turn blocks a few ms). Resolves when done.
 */
export async function warmValidators(ops: readonly OperationSpec[], perTurn = 2): Promise<void> {
  for (let i = 0; i < ops.length; i += perTurn) {
    for (const op of ops.slice(i, i + perTurn)) validatorsOf(op);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** JSON pointer of the failing value, as the platform writes field paths: `actions[0].name`. */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

function valueAt(data: unknown, instancePath: string): unknown {
  let cur: unknown = data;
  for (const p of instancePath.split('/').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
}

/** Maps the first schema violation of a request body to the platform's error. */
export function bodyError(error: ErrorObject, data: unknown): ApiError {
  switch (error.keyword) {
    case 'required':
      return new RequiredFieldError(fieldPath(error.instancePath, String(error.params.missingProperty)));
    case 'discriminator': {
      const tag = String(error.params.tag);
      const value = valueAt(data, error.instancePath);
      const given = value && typeof value === 'object' ? (value as Record<string, unknown>)[tag] : undefined;
      if (given === undefined) return new RequiredFieldError(fieldPath(error.instancePath, tag));
      return new InvalidInputError(`Unknown ${tag} '${String(given)}' at ${fieldPath(error.instancePath, tag)}.`);
    }
    case 'enum':
      return new InvalidFieldError(fieldPath(error.instancePath), valueAt(data, error.instancePath), error.params.allowedValues as unknown[]);
    case 'const':
      return new InvalidFieldError(fieldPath(error.instancePath), valueAt(data, error.instancePath), [error.params.allowedValue]);
    default: {
      const field = fieldPath(error.instancePath);
      if (field === '') return new InvalidInputError(`Request body ${error.message ?? 'is invalid'}.`);
      return new InvalidFieldError(field, valueAt(data, error.instancePath));
    }
  }
}

/** Path and query violations are InvalidInput naming the parameter. */
export function parameterError(where: 'path' | 'query', error: ErrorObject): ApiError {
  const name = fieldPath(error.instancePath, error.keyword === 'required' ? String(error.params.missingProperty) : undefined);
  return new InvalidInputError(`Invalid ${where} parameter '${name}': it ${error.message ?? 'is invalid'}.`);
}

/**
 * A validator for one schema of the contract (`#/components/schemas/{name}`), for input that does
 * not arrive as an HTTP body (GraphQL arguments translated to the HTTP shapes): the same rules, the
 * same platform errors.
 */
export function contractValidator<T>(name: string): (value: unknown) => T {
  // Compiled at first use, as the operations' validators are.
  let validate: ValidateFunction | undefined;
  return (value) => {
    validate ??= bodyAjv.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` });
    if (!validate(value)) throw bodyError(validate.errors![0], value);
    return value as T;
  };
}

/** The same check when only the verdict matters (carts' GraphQL inputs). */
export function contractSchemaCheck(schemaName: string): (value: unknown) => void {
  const validate = contractValidator(schemaName);
  return (value) => void validate(value);
}
