import { ApiError, GeneralError, OAuthError, AnonymousIdAlreadyInUseError } from '../errors/api-error.js';

/**
 * The authorization service's errors with the platform's codes and messages. They are
 * rendered by the shared HTTP renderer in the AuthErrorResponse shape (`error`, `error_description`).
 */
export const oauthErrors = {
  invalidClient: (): OAuthError =>
    new OAuthError(401, 'invalid_client', 'Please provide valid client credentials using HTTP Basic Authentication.', {
      'WWW-Authenticate': 'Basic realm="oauth"',
    }),
  invalidScope: (): OAuthError => new OAuthError(400, 'invalid_scope', 'Malformed parameter: scope: Invalid scope.'),
  invalidCustomerCredentials: (): OAuthError =>
    new OAuthError(400, 'invalid_customer_account_credentials', 'Customer account with the given credentials not found.'),
  invalidRefreshToken: (): OAuthError => new OAuthError(400, 'invalid_grant', 'The refresh token was not found. It may have expired.'),
  unsupportedGrantType: (grantType: string): OAuthError =>
    new OAuthError(400, 'unsupported_grant_type', `Invalid parameter: grant_type: Invalid grant type: ${grantType}`),
  missingParameter: (name: string): OAuthError => new OAuthError(400, 'invalid_request', `Missing required parameter: ${name}.`),
  invalidRequest: (description: string): OAuthError => new OAuthError(400, 'invalid_request', description),
  anonymousIdInUse: (): ApiError => new AnonymousIdAlreadyInUseError(),
};

export interface ProviderErrorBody {
  error: string;
  error_description?: string;
}

export function isProviderErrorBody(body: unknown): body is ProviderErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/**
 * The provider renders its own errors as RFC 6749 bodies with generic descriptions; this maps them to
 * the platform's wording. `grantType` tells which grant an invalid_grant was about.
 */
export function translateProviderError(status: number, body: ProviderErrorBody, grantType: string | undefined): ApiError {
  switch (body.error) {
    case 'invalid_client':
      return oauthErrors.invalidClient();
    case 'invalid_scope':
      return oauthErrors.invalidScope();
    case 'invalid_grant':
      return grantType === 'refresh_token'
        ? oauthErrors.invalidRefreshToken()
        : new OAuthError(400, 'invalid_grant', body.error_description ?? 'invalid_grant');
    case 'unsupported_grant_type':
      return oauthErrors.unsupportedGrantType(grantType ?? '');
    case 'invalid_request':
      {
        const missing = /^missing required parameters? (.+)$/.exec(body.error_description ?? '');
        if (missing) return oauthErrors.missingParameter(missing[1].replace(/'/g, ''));
      }
      return oauthErrors.invalidRequest(body.error_description ?? 'invalid_request');
    case 'server_error':
      return new GeneralError();
    default:
      return new OAuthError(status >= 400 && status < 500 ? status : 400, body.error, body.error_description ?? body.error);
  }
}
