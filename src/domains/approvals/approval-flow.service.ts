import type { ApprovalFlow, ApprovalFlowUpdateAction, Associate, BusinessUnit, Order } from '../../../generated/openapi/client/types.gen.js';
import { isoNow } from '../../shared/clock.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { assertActive, type Acting, roleKeysOf, unitDocuments } from '../business-units/index.js';
import { orderMatches, type ApprovalRuleService } from './approval-rule.service.js';
import { approvalProgress, eligibleApprovers } from './approval-tiers.js';
import { DocumentRepository, type DocumentAddress } from '../../resources/document-repository.js';
import { approvalFlowResource } from '../../resources/queryable-resources.js';
import { customFieldActions } from '../types/index.js';
import type { ActionHandlers } from '../../resources/update-actions.js';

type Units = DocumentRepository<BusinessUnit>;

/** Who may read a unit's approval flows: its approvers and those who see the unit's orders. */
const VIEW = ['UpdateApprovalFlows', 'ViewMyOrders', 'ViewOthersOrders'];

/** The associate as an approval or rejection records it: the customer and its roles in the unit. */
function associateIn(unit: BusinessUnit, customerId: string): Associate {
  const explicit = unit.associates.find((a) => a.customer.id === customerId)?.associateRoleAssignments ?? [];
  const inherited = (unit.inheritedAssociates ?? []).find((a) => a.customer.id === customerId)?.associateRoleAssignments ?? [];
  return {
    customer: { typeId: 'customer', id: customerId },
    associateRoleAssignments: [...explicit, ...inherited].map((r) => ({
      associateRole: r.associateRole,
      inheritance: 'inheritance' in r && r.inheritance === 'Disabled' ? 'Disabled' : 'Enabled',
    })),
  };
}

/** The flow's approvers as its approvals leave them, and its status once every rule is satisfied. */
function settle(flow: ApprovalFlow): void {
  const progress = approvalProgress(flow.rules, flow.approvals);
  flow.pendingApprovers = progress.pending;
  flow.currentTierPendingApprovers = progress.currentTier;
  if (progress.approved) flow.status = 'Approved';
}

/** An approval or rejection needs a Pending flow and an associate holding a role of its current tiers. */
function assertMayAnswer(flow: ApprovalFlow, unit: BusinessUnit, associateId: string): void {
  if (flow.status !== 'Pending') throw new InvalidOperationError(`The approval flow is ${flow.status}: it can no longer be approved or rejected.`);
  const roles = new Set(roleKeysOf(unit, associateId) ?? []);
  if (!flow.currentTierPendingApprovers.some((r) => roles.has(r.associateRole.key))) {
    throw new InvalidOperationError(`The associate '${associateId}' holds none of the roles the approval flow waits for now.`);
  }
}

/**
 * Approval flows: an order an associate places in a business unit (from a cart or a quote) that matches
 * one or more applicable approval rules (approval-rule.service.ts: the requester holds one of the rule's
 * requester roles in the unit, and the rule's predicate holds for the order) starts a Pending flow in the
 * order's transaction, with those rules as they are then. Approvers of the current tiers (with
 * UpdateApprovalFlows) approve it tier by tier until every rule is satisfied (Approved), or reject it.
 */
export class ApprovalFlowService {
  readonly repository = new DocumentRepository<ApprovalFlow>({
    resource: approvalFlowResource,
    extraColumns: { names: ['businessUnitKey', 'orderId'], values: (flow) => ({ businessUnitKey: flow.businessUnit.key, orderId: flow.order.id }) },
  });

  /** The as-associate endpoints' view (built from the units, once they are set). */
  readonly asAssociate: ReturnType<ApprovalFlowService['associateView']>;

  constructor(
    private readonly rules: ApprovalRuleService,
    private readonly units: Units,
  ) {
    this.asAssociate = this.associateView();
  }

  /** In the order's transaction: the flow the order needs, if any rule applies to it and to its requester. */
  async start(tx: RequestContext, order: Order, requesterId: string): Promise<void> {
    if (!order.businessUnit) return;
    const unit = await this.units.find(tx, { key: order.businessUnit.key });
    if (!unit) return;
    const roles = new Set(roleKeysOf(unit, requesterId) ?? []);
    const matched = [];
    for (const rule of await this.rules.applicable(tx, unit)) {
      if (!rule.requesters.some((r) => roles.has(r.associateRole.key))) continue;
      if (orderMatches(rule, order)) matched.push(rule);
    }
    if (matched.length === 0) return;
    const flow = {
      order: { typeId: 'order' as const, id: order.id },
      businessUnit: order.businessUnit,
      rules: matched,
      status: 'Pending' as const,
      approvals: [],
      eligibleApprovers: eligibleApprovers(matched),
      pendingApprovers: [],
      currentTierPendingApprovers: [],
    };
    settle(flow as unknown as ApprovalFlow);
    await this.repository.create(tx, flow);
  }

  /** The as-associate endpoints' view: the flows of the path's unit (another unit's is 404). */
  private associateView() {
    const { acting, ofUnit, reads } = unitDocuments(this.repository, this.units, { permissions: VIEW, what: 'view approval flows' });
    const answers = (a: Acting): ActionHandlers<ApprovalFlow, ApprovalFlowUpdateAction> => ({
      approve: (flow, _action, ctx) => {
        assertMayAnswer(flow, a.unit, a.associateId);
        flow.approvals.push({ approver: associateIn(a.unit, a.associateId), approvedAt: isoNow(ctx.app.clock) });
        settle(flow);
      },
      reject: (flow, action, ctx) => {
        assertMayAnswer(flow, a.unit, a.associateId);
        flow.status = 'Rejected';
        flow.rejection = {
          rejecter: associateIn(a.unit, a.associateId),
          rejectedAt: isoNow(ctx.app.clock),
          ...(action.reason !== undefined ? { reason: action.reason } : {}),
        };
      },
      ...customFieldActions('approval-flow'),
    });
    return {
      ...reads,
      update: async (
        ctx: RequestContext,
        at: DocumentAddress,
        update: { version: number; actions: readonly ApprovalFlowUpdateAction[] },
        expand?: readonly string[],
      ): Promise<ApprovalFlow> => {
        const a = await acting(ctx, ['UpdateApprovalFlows'], 'approve or reject orders');
        assertActive(a, 'its approval flows cannot be changed');
        return this.repository.update(ctx, { id: (await ofUnit(ctx, a, at)).id }, update, answers(a), expand);
      },
    };
  }
}
