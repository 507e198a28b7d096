export { ApprovalFlowService } from './approval-flow.service.js';
export { ApprovalRuleService } from './approval-rule.service.js';
