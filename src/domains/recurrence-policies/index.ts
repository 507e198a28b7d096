export { RecurrencePolicyService } from './recurrence-policy.service.js';
