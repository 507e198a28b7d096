import type {
  BusinessUnit,
  BusinessUnitUpdateAction,
  MyBusinessUnitAssociateDraft,
  MyBusinessUnitDraft,
  MyBusinessUnitUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import { InvalidOperationError, NoCustomerInTokenError } from '../../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../../query/index.js';
import { childOf, type AsAssociateBusinessUnitService } from './as-associate.service.js';
import type { BusinessUnitService } from './business-unit.service.js';
import type { DocumentAddress } from '../../resources/document-repository.js';
import type { ProjectService } from '../projects/index.js';
import type { CustomerService, SignInResult } from '../customers/index.js';

/**
 * My Business Units (`/{projectKey}/me/business-units`): the as-associate endpoints with the
 * associate taken from the token (a customer's: password flow, or customer_id: from an external
 * authorization server), so a customer reads, queries and updates the units it belongs to, with the
 * same rules (404 for any other unit, one permission per action, Inactive units read-only).
 *
 * Creating differs (the platform's documentation, the one place the platform documents it): the customer is added as
 * an associate with the project's `businessUnits.myBusinessUnitAssociateRoleOnCreation` role (400
 * InvalidOperation when the project names none) and the unit starts with the project's
 * `myBusinessUnitStatusOnCreation` (Inactive unless changed, so by default an administrator activates
 * it before the customer can change it here). The role is the administrator's choice, so it need not
 * be buyerAssignable; the draft itself names no associates, stores or modes (MyBusinessUnitDraft).
 */
export class MyBusinessUnitService {
  constructor(
    private readonly units: BusinessUnitService,
    private readonly asAssociate: AsAssociateBusinessUnitService,
    private readonly projects: ProjectService,
    private readonly customers: CustomerService,
  ) {}

  getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<BusinessUnit | JsonText> {
    return this.asAssociate.getForResponse(ctx, me(ctx), at, expand);
  }

  exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    return this.asAssociate.exists(ctx, me(ctx), at);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<BusinessUnit>> {
    return this.asAssociate.query(ctx, me(ctx), params);
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.asAssociate.anyMatches(ctx, me(ctx), params);
  }

  update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly MyBusinessUnitUpdateAction[] },
    expand?: readonly string[],
  ): Promise<BusinessUnit> {
    // The contract admits only the platform's MyBusinessUnitUpdateAction set, each a BusinessUnitUpdateAction.
    return this.asAssociate.update(ctx, me(ctx), at, update as { version: number; actions: readonly BusinessUnitUpdateAction[] }, expand);
  }

  /**
   * A new customer made an associate of one of the caller's units
   * (`POST /{projectKey}/in-business-unit/key={businessUnitKey}/me/customers`): the caller needs
   * UpdateAssociates there (checked before the customer is made, so a caller without it learns
   * nothing about the e-mail), the roles must be buyerAssignable, and `version` is the unit's. The
   * customer and the unit's new associate are one transaction. Existing customers cannot be added here.
   */
  async addNewAssociate(ctx: RequestContext, unitKey: string, draft: MyBusinessUnitAssociateDraft): Promise<SignInResult> {
    const associateId = me(ctx);
    const at = { key: unitKey };
    const update = (customerId: string) => ({
      version: draft.version,
      actions: [
        {
          action: 'addAssociate' as const,
          associate: { customer: { typeId: 'customer', id: customerId }, associateRoleAssignments: draft.associateRoleAssignments },
        },
      ],
    });
    await this.asAssociate.assertMayUpdate(ctx, associateId, at, update(''));
    return this.customers.create(ctx, draft.customer, (tx, customer) => this.asAssociate.update(tx, associateId, at, update(customer.id)));
  }

  async create(ctx: RequestContext, draft: MyBusinessUnitDraft, expand?: readonly string[]): Promise<BusinessUnit> {
    const customerId = me(ctx);
    const settings = (await this.projects.get(ctx)).businessUnits;
    const role = settings?.myBusinessUnitAssociateRoleOnCreation;
    if (!role) {
      throw new InvalidOperationError(
        `The project '${ctx.projectKey}' names no associate role for business units created by customers (its businessUnits.myBusinessUnitAssociateRoleOnCreation).`,
      );
    }
    const unit = {
      ...draft,
      status: settings.myBusinessUnitStatusOnCreation,
      associates: [
        { customer: { typeId: 'customer', id: customerId }, associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: role.key } }] },
      ],
    };
    if (draft.unitType === 'Company') return this.units.create(ctx, unit, expand);
    // parentUnit is required for a Division: its absence is refused before the guard runs.
    return this.units.create(ctx, unit, expand, childOf(customerId, draft.parentUnit ?? {}));
  }
}

/** The customer of the token: the associate of every My Business Units call. */
function me(ctx: RequestContext): string {
  const customerId = ctx.principal?.customerId;
  if (!customerId) throw new NoCustomerInTokenError();
  return customerId;
}
