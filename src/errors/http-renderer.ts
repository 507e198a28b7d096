import { ApiError, GeneralError, OAuthError } from './api-error.js';

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: {
    statusCode: number;
    message: string;
    errors: Array<{ code: string; message: string } & Record<string, unknown>>;
    error?: string;
    error_description?: string;
  };
}

/** Codes of the OAuth family: their bodies also carry RFC 6749 `error` (AuthErrorResponse). */
const OAUTH_CODE = /^[a-z_]+$/;

/**
 * The platform's error envelope, for every error of every endpoint. Anything that is not an ApiError
 * is an internal failure: it becomes a bare 500 `General` with nothing of the original error in it.
 */
export function renderHttpError(err: unknown): RenderedError {
  const errors = err instanceof ApiError ? [err] : [new GeneralError()];
  const first = errors[0];
  const body: RenderedError['body'] = {
    statusCode: first.status,
    message: first.message,
    errors: errors.map((e) => ({ code: e.code, message: e.message, ...e.extra })),
  };
  if (OAUTH_CODE.test(first.code)) {
    body.error = first.code;
    if (first instanceof OAuthError) body.error_description = first.message;
  }
  return { status: first.status, headers: first.headers, body };
}
