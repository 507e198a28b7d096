import type {
  ApprovalRule,
  ApprovalRuleDraft,
  ApprovalRuleUpdateAction,
  ApproverHierarchyDraft,
  BusinessUnit,
  Cart,
  KeyReference,
  Order,
  RuleRoleDraft,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { assertActive, unitDocuments } from '../business-units/index.js';
import { resolveAssociateRoleKey } from '../../resources/reference-resolvers.js';
import { DocumentRepository, type DocumentAddress } from '../../resources/document-repository.js';
import { cartScope, type CartFacts } from '../../query/cart/cart-predicate-scopes.js';
import { cachedCartPredicate } from '../../query/cart/index.js';
import { approvalRuleResource } from '../../resources/queryable-resources.js';
import { customFieldActions } from '../types/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

type Units = DocumentRepository<BusinessUnit>;

/** Which permissions let an associate read a unit's approval rules: those of anyone who deals with approvals. */
const VIEW = ['CreateApprovalRules', 'UpdateApprovalRules', 'UpdateApprovalFlows'];

/**
 * An approval rule's predicate is written in the cart predicate language (as on the platform, e.g.
 * `totalPrice > "800.00 EUR"`), on the order: 400 InvalidInput with the parser's message otherwise.
 */
function orderPredicate(predicate: string): string {
  cachedCartPredicate(predicate, cartScope, 'predicate');
  return predicate;
}

/** Whether the rule's predicate holds for the order (its line items' products are not read: category tests do not hold). */
export function orderMatches(rule: ApprovalRule, order: Order): boolean {
  const facts: CartFacts = {
    cart: order as unknown as Cart,
    lineItems: order.lineItems.map((item) => ({ item, categoriesWithAncestors: [] })),
    totalPrice: order.totalPrice,
  };
  return cachedCartPredicate(rule.predicate, cartScope, 'predicate')(facts);
}

async function roleRef(ctx: RequestContext, draft: RuleRoleDraft, field: string): Promise<{ associateRole: KeyReference }> {
  return { associateRole: { typeId: 'associate-role', key: await resolveAssociateRoleKey(ctx, draft.associateRole, field) } };
}

async function approvers(ctx: RequestContext, draft: ApproverHierarchyDraft): Promise<ApprovalRule['approvers']> {
  const tiers: ApprovalRule['approvers']['tiers'] = [];
  for (const [t, tier] of draft.tiers.entries()) {
    const and = [];
    for (const [a, entry] of tier.and.entries()) {
      const or = [];
      for (const [o, role] of entry.or.entries()) or.push(await roleRef(ctx, role, `approvers.tiers[${t}].and[${a}].or[${o}].associateRole`));
      and.push({ or });
    }
    tiers.push({ and });
  }
  return { tiers };
}

async function requesters(ctx: RequestContext, drafts: readonly RuleRoleDraft[]): Promise<ApprovalRule['requesters']> {
  const out = [];
  for (const [i, draft] of drafts.entries()) out.push(await roleRef(ctx, draft, `requesters[${i}].associateRole`));
  return out;
}

const actions: ActionHandlers<ApprovalRule, ApprovalRuleUpdateAction> = {
  setName: (rule, a) => void (rule.name = a.name),
  setDescription: (rule, a) => setOptional(rule, 'description', a.description),
  setKey: (rule, a) => setOptional(rule, 'key', a.key),
  setStatus: (rule, a) => void (rule.status = a.status),
  setPredicate: (rule, a) => void (rule.predicate = orderPredicate(a.predicate)),
  setApprovers: async (rule, a, ctx) => void (rule.approvers = await approvers(ctx, a.approvers)),
  setRequesters: async (rule, a, ctx) => void (rule.requesters = await requesters(ctx, a.requesters)),
  ...customFieldActions('approval-rule'),
};

/**
 * Approval rules: a business unit's, made and changed by its associates through the as-associate
 * endpoints (CreateApprovalRules, UpdateApprovalRules), read by those who deal with approvals. An order
 * placed by an associate reads the Active ones of its unit and, while the unit's approvalRuleMode is
 * ExplicitAndFromParent, of its ancestors (`applicable`); a rule changed later does not change a flow
 * already started (the flow keeps the rules as they were).
 */
export class ApprovalRuleService {
  readonly repository = new DocumentRepository<ApprovalRule>({
    resource: approvalRuleResource,
    extraColumns: { names: ['businessUnitKey'], values: (rule) => ({ businessUnitKey: rule.businessUnit.key }) },
  });

  /** The as-associate endpoints' view (built from the units, once they are set). */
  readonly asAssociate: ReturnType<ApprovalRuleService['associateView']>;

  constructor(private readonly units: Units) {
    this.asAssociate = this.associateView();
  }

  /** The Active rules for an order of `unit`: its own and, up the hierarchy while the mode says so, its ancestors'. */
  async applicable(ctx: RequestContext, unit: BusinessUnit): Promise<ApprovalRule[]> {
    const keys = [unit.key];
    for (let current: BusinessUnit | undefined = unit; current?.approvalRuleMode === 'ExplicitAndFromParent' && current.parentUnit;) {
      current = await this.units.find(ctx, { key: current.parentUnit.key });
      if (current) keys.push(current.key);
    }
    const rules: ApprovalRule[] = [];
    for (const key of keys) {
      await this.repository.forEachMatch(
        ctx,
        { where: ['businessUnit(key = :unit) and status = "Active"'], vars: { unit: [key] } },
        async (rule) => void rules.push(rule),
      );
    }
    return rules;
  }

  /** The as-associate endpoints' view: the rules of the path's unit (another unit's is 404). */
  private associateView() {
    const { acting, ofUnit, reads } = unitDocuments(this.repository, this.units, { permissions: VIEW, what: 'view approval rules' });
    return {
      ...reads,
      create: async (ctx: RequestContext, draft: ApprovalRuleDraft, expand?: readonly string[]): Promise<ApprovalRule> => {
        const a = await acting(ctx, ['CreateApprovalRules'], 'create approval rules');
        assertActive(a, 'its approval rules cannot be changed');
        return this.repository.create(
          ctx,
          {
            ...(draft.key !== undefined ? { key: draft.key } : {}),
            name: draft.name,
            ...(draft.description !== undefined ? { description: draft.description } : {}),
            status: draft.status,
            predicate: orderPredicate(draft.predicate),
            approvers: await approvers(ctx, draft.approvers),
            requesters: await requesters(ctx, draft.requesters),
            businessUnit: { typeId: 'business-unit', key: a.unit.key },
          },
          expand,
        );
      },
      update: async (
        ctx: RequestContext,
        at: DocumentAddress,
        update: { version: number; actions: readonly ApprovalRuleUpdateAction[] },
        expand?: readonly string[],
      ): Promise<ApprovalRule> => {
        const a = await acting(ctx, ['UpdateApprovalRules'], 'update approval rules');
        assertActive(a, 'its approval rules cannot be changed');
        return this.repository.update(ctx, { id: (await ofUnit(ctx, a, at)).id }, update, actions, expand);
      },
    };
  }
}
