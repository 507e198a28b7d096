export { addressIds, newAddresses } from './customer-draft.js';
export { customerGroupLookup, readCustomerGroup } from './customer-group-lookup.js';
export { CustomerGroupService } from './customer-group.service.js';
export { TOKEN_TTL_MINUTES } from './customer-tokens.js';
export { CustomerService } from './customer.service.js';
export type { CartSignInRequest, CustomerDocument, SignInResult } from './customer.service.js';
export type { CustomerEvents } from './customer-document.js';
