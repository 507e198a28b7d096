/**
 * The one error hierarchy of the service. Every transport (HTTP, GraphQL, OAuth) renders these
 * through its own renderer; services only ever throw ApiError subclasses.
 *
 * `extra` holds the platform's error-specific fields (field, duplicateValue, currentVersion, ...)
 * which are rendered next to `code` and `message` in `errors[]` (HTTP) or under `extensions` (GraphQL).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  /** Response headers the transport must add (e.g. WWW-Authenticate, Retry-After). */
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export class InvalidInputError extends ApiError {
  constructor(message: string) {
    super(400, 'InvalidInput', message);
  }
}

export class InvalidOperationError extends ApiError {
  constructor(message: string) {
    super(400, 'InvalidOperation', message);
  }
}

export class InvalidJsonInputError extends ApiError {
  constructor(detailedErrorMessage: string) {
    super(400, 'InvalidJsonInput', 'Request body does not contain valid JSON.', { detailedErrorMessage });
  }
}

export class RequiredFieldError extends ApiError {
  constructor(field: string) {
    super(400, 'RequiredField', `A value is required for field ${field}.`, { field });
  }
}

/** Longest invalid value (as JSON) echoed back in an error; a larger one is left out of the answer. */
const MAX_ECHOED_VALUE = 256;

/** The value as JSON when it is small enough to echo, else undefined (never walks more than it must). */
function echoable(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.length > MAX_ECHOED_VALUE) return undefined;
  if (Array.isArray(value) ? value.length > MAX_ECHOED_VALUE : value !== null && typeof value === 'object' && Object.keys(value).length > MAX_ECHOED_VALUE)
    return undefined;
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= MAX_ECHOED_VALUE ? text : undefined;
  } catch {
    return undefined; // too deep or cyclic: not echoed
  }
}

export class InvalidFieldError extends ApiError {
  constructor(field: string, invalidValue: unknown, allowedValues?: unknown[], message?: string) {
    const text = echoable(invalidValue);
    const extra: Record<string, unknown> = text === undefined ? { field } : { field, invalidValue };
    if (allowedValues) extra.allowedValues = allowedValues;
    super(
      400,
      'InvalidField',
      message ?? (text === undefined ? `The value is not valid for field ${field}.` : `The value ${text} is not valid for field ${field}.`),
      extra,
    );
  }
}

export class DuplicateFieldError extends ApiError {
  constructor(field: string, duplicateValue: unknown, message?: string) {
    super(400, 'DuplicateField', message ?? `A duplicate value ${JSON.stringify(duplicateValue)} exists for field ${field}.`, { field, duplicateValue });
  }
}

export class ResourceNotFoundError extends ApiError {
  constructor(idOrKey: string, message?: string) {
    super(404, 'ResourceNotFound', message ?? `The Resource with ID '${idOrKey}' was not found.`);
  }
}

/** 404 for a path the API does not serve, or a project the caller cannot see (the platform's words). */
export class UriNotFoundError extends ApiError {
  constructor(uri: string) {
    super(404, 'ResourceNotFound', `URI not found: ${uri}`);
  }
}

export class ReferencedResourceNotFoundError extends ApiError {
  constructor(typeId: string, ref: { id?: string; key?: string }) {
    const predicate = ref.id !== undefined ? `with ID '${ref.id}'` : `with key '${ref.key}'`;
    super(
      400,
      'ReferencedResourceNotFound',
      `The referenced object of type '${typeId}' ${predicate} was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`,
      { typeId, ...ref },
    );
  }
}

/** A channel lacks the role its use needs (a store's distribution channel, a supply channel). */
export class MissingRoleOnChannelError extends ApiError {
  constructor(channel: { id?: string; key?: string }, missingRole: string) {
    const idOrKey = channel.id !== undefined ? `id '${channel.id}'` : `key '${channel.key}'`;
    super(400, 'MissingRoleOnChannel', `Given channel with ${idOrKey} does not have the required role ${missingRole}.`, {
      channel: { typeId: 'channel', ...channel },
      missingRole,
    });
  }
}

export class ConcurrentModificationError extends ApiError {
  constructor(id: string, expected: number, current: number) {
    super(409, 'ConcurrentModification', `Object ${id} has a different version than expected. Expected: ${expected} - Actual: ${current}.`, {
      currentVersion: current,
    });
  }
}

export class ReferenceExistsError extends ApiError {
  constructor(message: string, referencedBy?: string) {
    super(400, 'ReferenceExists', message, referencedBy ? { referencedBy } : {});
  }
}

/** An enum field definition would hold the same key twice. */
export class DuplicateEnumValuesError extends ApiError {
  constructor(duplicates: string[]) {
    super(400, 'DuplicateEnumValues', `The enum values contain duplicate keys: ${duplicates.map((d) => `'${d}'`).join(', ')}.`, { duplicates });
  }
}

/** A reordering of enum values that does not name exactly the existing keys. */
export class EnumValuesMustMatchError extends ApiError {
  constructor() {
    super(400, 'EnumValuesMustMatch', 'The given enum values do not match the existing ones.');
  }
}

/**
 * 403: a customer acting as an Associate lacks every one of `permissions` in the business unit
 * (as the platform documents it): any one of them would have sufficed.
 */
export class AssociateMissingPermissionError extends ApiError {
  constructor(associateId: string, unitKey: string, what: string, permissions: readonly string[], onBehalfOf?: string) {
    super(
      403,
      'AssociateMissingPermission',
      `Associate '${associateId}' has no rights to ${what}${onBehalfOf ? ` for customer '${onBehalfOf}'` : ''} in business-unit '${unitKey}'. Needs '${permissions.join("' or '")}'.`,
      {
        associate: { typeId: 'customer', id: associateId },
        businessUnit: { typeId: 'business-unit', key: unitKey },
        ...(onBehalfOf ? { associateOnBehalf: { typeId: 'customer', id: onBehalfOf } } : {}),
        permissions: [...permissions],
      },
    );
  }
}

/** 401: missing, unknown, expired or revoked bearer token. */
export class InvalidTokenError extends ApiError {
  constructor(message = 'invalid_token') {
    super(401, 'invalid_token', message, {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  }
}

/** 403: a valid token lacking every one of the scopes an endpoint accepts. */
export class InsufficientScopeError extends ApiError {
  constructor(scopes: string[]) {
    super(
      403,
      'insufficient_scope',
      `Insufficient scope. One of the following scopes is missing: ${scopes.join(', ')}`,
      {},
      { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' },
    );
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(method: string) {
    super(405, 'MethodNotAllowed', `The method ${method} is not allowed on this resource.`);
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(retryAfterSeconds: number, message = 'Too many requests. Retry later.') {
    super(429, 'TooManyRequests', message, {}, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** The database cannot be reached (down, restarting, network cut): the platform's 503, retryable. */
export class DatabaseUnavailableError extends ApiError {
  /** `cause` is the driver's error: for logs and startup messages, never for the answer. */
  constructor(cause?: unknown) {
    super(503, 'OverCapacity', 'The service is temporarily unavailable: its database cannot be reached. Retry later.', {}, { 'Retry-After': '1' });
    if (cause !== undefined) this.cause = cause;
  }
}

export class ExternalOAuthFailedError extends ApiError {
  constructor(message: string) {
    super(401, 'ExternalOAuthFailed', message);
  }
}

export class GeneralError extends ApiError {
  constructor(message = 'Internal Server Error') {
    super(500, 'General', message);
  }
}

/** Raised by the OAuth endpoints; rendered in the AuthErrorResponse shape (adds `error`, `error_description`). */
export class OAuthError extends ApiError {
  constructor(status: number, error: string, description: string, headers: Record<string, string> = {}) {
    super(status, error, description, {}, headers);
  }
}

/** Customer sign-in with an unknown e-mail or a wrong password: the same answer for both. */
export class InvalidCredentialsError extends ApiError {
  constructor() {
    super(400, 'InvalidCredentials', 'Account with the given credentials not found.');
  }
}

export class InvalidCurrentPasswordError extends ApiError {
  constructor() {
    super(400, 'InvalidCurrentPassword', 'The given current password does not match.');
  }
}

export class ExpiredCustomerPasswordTokenError extends ApiError {
  constructor() {
    super(400, 'ExpiredCustomerPasswordToken', 'The given password token has expired.');
  }
}

export class ExpiredCustomerEmailTokenError extends ApiError {
  constructor() {
    super(400, 'ExpiredCustomerEmailToken', 'The given email token has expired.');
  }
}

/** A "my" operation called with a token of neither a customer nor an anonymous session. */
export class NoCustomerInTokenError extends InvalidOperationError {
  constructor() {
    super(
      'This operation needs the access token of a customer (password flow, or customer_id:{id} from an external authorization server) or of an anonymous session.',
    );
  }
}

/** 404 for an endpoint this host does not serve, with where to go instead (the platform's ResourceNotFound). */
export class EndpointNotFoundError extends ApiError {
  constructor(message: string) {
    super(404, 'ResourceNotFound', message);
  }
}

/** 431: the request line and headers together are over the platform's limit. */
export class RequestHeaderFieldsTooLargeError extends ApiError {
  constructor() {
    super(431, 'RequestHeaderFieldsTooLarge', 'The request URL and headers together exceed the limit of 15 KB.');
  }
}

/** 413: the request body is over the platform's limit. */
export class ResourceSizeLimitExceededError extends ApiError {
  constructor(message: string) {
    super(413, 'ResourceSizeLimitExceeded', message);
  }
}

/** 415 with the platform's InvalidInput code: a body that is not JSON. */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(message: string) {
    super(415, 'InvalidInput', message);
  }
}

/** 408 with the platform's InvalidInput code: the request did not arrive in time. */
export class RequestTimeoutError extends ApiError {
  constructor() {
    super(408, 'InvalidInput', 'The request was not received in time.');
  }
}

export class AnonymousIdAlreadyInUseError extends ApiError {
  constructor() {
    super(400, 'AnonymousIdAlreadyInUse', 'The given anonymous ID is already in use.');
  }
}

export class NoMatchingProductDiscountFoundError extends ApiError {
  constructor() {
    super(404, 'NoMatchingProductDiscountFound', "Couldn't find a matching product discount for the provided parameters.");
  }
}
