import type { ApprovalFlowApproval, ApprovalRule } from '../../../generated/openapi/client/types.gen.js';
import { approvalProgress, eligibleApprovers } from './approval-tiers.js';

const role = (key: string) => ({ associateRole: { typeId: 'associate-role' as const, key } });
/** A rule whose tiers are lists of `and` entries, each a list of `or` role keys. */
const rule = (...tiers: string[][][]): ApprovalRule =>
  ({ approvers: { tiers: tiers.map((and) => ({ and: and.map((or) => ({ or: or.map(role) })) })) } }) as unknown as ApprovalRule;
const approval = (...roles: string[]): ApprovalFlowApproval => ({
  approver: {
    customer: { typeId: 'customer', id: 'c' },
    associateRoleAssignments: roles.map((key) => ({ associateRole: { typeId: 'associate-role', key }, inheritance: 'Enabled' })),
  },
  approvedAt: '2026-11-25T00:00:00.000Z',
});
const keys = (refs: Array<{ associateRole: { key: string } }>) => refs.map((r) => r.associateRole.key).sort();

describe('approvalProgress', () => {
  test('nothing approved: the first tier is current, every entry is pending', () => {
    const p = approvalProgress([rule([['lead', 'deputy'], ['finance']], [['head']])], []);
    expect({ approved: p.approved, current: keys(p.currentTier), pending: keys(p.pending) }).toEqual({
      approved: false,
      current: ['deputy', 'finance', 'lead'],
      pending: ['deputy', 'finance', 'head', 'lead'],
    });
  });

  test('a tier needs every `and` entry, any `or` role of each; tiers go one after the other', () => {
    const r = rule([['lead', 'deputy'], ['finance']], [['head']]);
    let p = approvalProgress([r], [approval('deputy')]);
    expect({ approved: p.approved, current: keys(p.currentTier) }).toEqual({ approved: false, current: ['finance'] });
    // A second-tier approver approving early counts for nothing in the first tier.
    p = approvalProgress([r], [approval('deputy'), approval('head')]);
    expect(keys(p.currentTier)).toEqual(['finance']);
    p = approvalProgress([r], [approval('deputy'), approval('finance')]);
    expect({ approved: p.approved, current: keys(p.currentTier), pending: keys(p.pending) }).toEqual({ approved: false, current: ['head'], pending: ['head'] });
    p = approvalProgress([r], [approval('deputy'), approval('finance'), approval('head')]);
    expect({ approved: p.approved, current: p.currentTier, pending: p.pending }).toEqual({ approved: true, current: [], pending: [] });
  });

  test('one approval counts for one tier of a rule only, but for every rule at once', () => {
    const twice = rule([['lead']], [['lead']]);
    expect(approvalProgress([twice], [approval('lead')]).approved).toBe(false);
    expect(approvalProgress([twice], [approval('lead'), approval('lead')]).approved).toBe(true);
    const [a, b] = [rule([['lead']]), rule([['lead', 'head']], [['cfo']])];
    const p = approvalProgress([a, b], [approval('lead')]);
    expect({ approved: p.approved, current: keys(p.currentTier) }).toEqual({ approved: false, current: ['cfo'] });
    expect(approvalProgress([a, b], [approval('lead'), approval('cfo')]).approved).toBe(true);
  });

  test('an approver holding several roles satisfies every entry it has a role for', () => {
    expect(approvalProgress([rule([['lead'], ['finance']])], [approval('lead', 'finance')]).approved).toBe(true);
  });

  test('eligibleApprovers lists each role of every tier of every rule once', () => {
    expect(keys(eligibleApprovers([rule([['lead', 'deputy']], [['head']]), rule([['lead']])]))).toEqual(['deputy', 'head', 'lead']);
  });
});
