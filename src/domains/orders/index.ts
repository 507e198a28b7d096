export { OrderService } from './order.service.js';
export type { CartAdmission, OrderApprovals, OrderFollowUp } from './order-steps.js';
