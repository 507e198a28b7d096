import type { ClientLogging } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';

/**
 * `createdBy` / `lastModifiedBy` of a write: who made the change, as far as the caller's
 * token and the X-External-User-ID header tell. `isPlatformClient` is false because every client of
 * this server is a project's own API client.
 */
export function clientLogging(ctx: Pick<RequestContext, 'principal' | 'externalUserId' | 'associateId'>): ClientLogging {
  const out: ClientLogging = {};
  const principal = ctx.principal;
  if (principal?.clientId) {
    out.clientId = principal.clientId;
    out.isPlatformClient = false;
  }
  const externalUserId = ctx.externalUserId ?? principal?.externalUserId;
  if (externalUserId) out.externalUserId = externalUserId;
  if (principal?.customerId) out.customer = { typeId: 'customer', id: principal.customerId };
  if (principal?.anonymousId) out.anonymousId = principal.anonymousId;
  if (ctx.associateId) out.associate = { typeId: 'customer', id: ctx.associateId };
  return out;
}
