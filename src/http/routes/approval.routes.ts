import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

/** A business unit's approval rules and approval flows, for its associates (the as-associate endpoints only). */
export function approvalRoutes(services: Services) {
  return {
    ...versionedResourceRoutes(services.approvalRules.asAssociate, {
      query: 'queryApprovalRulesAsAssociate',
      create: 'createApprovalRuleAsAssociate',
      getById: 'getApprovalRuleByIdAsAssociate',
      updateById: 'updateApprovalRuleByIdAsAssociate',
      getByKey: 'getApprovalRuleByKeyAsAssociate',
      updateByKey: 'updateApprovalRuleByKeyAsAssociate',
    } as const),
    ...versionedResourceRoutes(services.approvalFlows.asAssociate, {
      query: 'queryApprovalFlowsAsAssociate',
      getById: 'getApprovalFlowByIdAsAssociate',
      updateById: 'updateApprovalFlowByIdAsAssociate',
    } as const),
  };
}
