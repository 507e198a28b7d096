export { AsAssociateBusinessUnitService } from './as-associate.service.js';
export {
  ORDERS_UPDATE,
  ORDERS_VIEW,
  actingAssociate,
  assertActive,
  assertCustomerMayIn,
  assertCustomerMayInUnit,
  assertMay,
  assertOfUnit,
  madeFromUnitDocument,
  myOthersAccess,
} from './associate-access.js';
export type { Access, Acting } from './associate-access.js';
export { associateAccess, associateDocuments } from './associate-documents.js';
export { AssociateRoleService } from './associate-role.service.js';
export { roleKeysOf } from './business-unit-hierarchy.js';
export { BusinessUnitService } from './business-unit.service.js';
export { MyBusinessUnitService } from './my-business-unit.service.js';
export { assertMayNameUnit, assertStillBelongs, owningUnit } from './owning-business-unit.js';
export { unitDocuments } from './unit-documents.js';
export type { DraftedResource, Resource as UnitDocumentResource } from './associate-documents.js';
