import type { ApprovalFlowApproval, ApprovalRule, RuleApprover } from '../../../generated/openapi/client/types.gen.js';

/** Where a flow's approvals stand: the approvers still needed, those of the current tiers, and whether every rule is satisfied. */
export interface ApprovalProgress {
  pending: RuleApprover[];
  currentTier: RuleApprover[];
  approved: boolean;
}

const approver = (key: string): RuleApprover => ({ associateRole: { typeId: 'associate-role', key } });

function unique(keys: Iterable<string>): RuleApprover[] {
  return [...new Set(keys)].map(approver);
}

/** Every role that may approve under any of the rules. */
export function eligibleApprovers(rules: readonly ApprovalRule[]): RuleApprover[] {
  return unique(rules.flatMap((rule) => rule.approvers.tiers.flatMap((tier) => tier.and.flatMap((entry) => entry.or.map((r) => r.associateRole.key)))));
}

/** The role keys an approval was given with. */
export const approvalRoles = (approval: ApprovalFlowApproval): string[] => approval.approver.associateRoleAssignments.map((a) => a.associateRole.key);

/**
 * Replays the approvals, in order, against each rule's tiers: an approval satisfies every `and` entry of
 * a rule's current tier that has one of the approver's roles among its `or` roles; a tier whose entries
 * are all satisfied is done, and the next one becomes current (an approval counts for one tier of a rule
 * only, so tiers are approved one after the other). The flow is approved when every rule's last tier is.
 */
export function approvalProgress(rules: readonly ApprovalRule[], approvals: readonly ApprovalFlowApproval[]): ApprovalProgress {
  const state = rules.map(() => ({ tier: 0, satisfied: new Set<number>() }));
  for (const approval of approvals) {
    const roles = new Set(approvalRoles(approval));
    rules.forEach((rule, i) => {
      const s = state[i];
      const tier = rule.approvers.tiers[s.tier];
      if (!tier) return;
      tier.and.forEach((entry, j) => {
        if (entry.or.some((r) => roles.has(r.associateRole.key))) s.satisfied.add(j);
      });
      if (s.satisfied.size === tier.and.length) {
        s.tier++;
        s.satisfied = new Set();
      }
    });
  }
  const pending: string[] = [];
  const currentTier: string[] = [];
  rules.forEach((rule, i) => {
    const s = state[i];
    rule.approvers.tiers.forEach((tier, t) => {
      if (t < s.tier) return;
      tier.and.forEach((entry, j) => {
        if (t === s.tier && s.satisfied.has(j)) return;
        const keys = entry.or.map((r) => r.associateRole.key);
        pending.push(...keys);
        if (t === s.tier) currentTier.push(...keys);
      });
    });
  });
  return { pending: unique(pending), currentTier: unique(currentTier), approved: rules.every((rule, i) => state[i].tier >= rule.approvers.tiers.length) };
}
