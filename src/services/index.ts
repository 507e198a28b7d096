import type { AppServices } from '../context.js';
import { ApiClientService } from './api-client.service.js';
import { AsAssociateBusinessUnitService } from './as-associate.service.js';
import { AssociateRoleService } from './associate-role.service.js';
import { CustomerGroupService } from './customer-group.service.js';
import { BusinessUnitService } from './business-unit.service.js';
import { CustomerService } from './customer.service.js';
import { ProjectService } from './project.service.js';
import { StoreService } from './store.service.js';
import { TypeService } from './type.service.js';
import { typeUser, USES_TYPE_WITH_ADDRESSES } from './type-users.js';

/** The domain services, one instance each per process. Routes and resolvers reach them through this. */
export interface Services {
  projects: ProjectService;
  apiClients: ApiClientService;
  customers: CustomerService;
  stores: StoreService;
  associateRoles: AssociateRoleService;
  customerGroups: CustomerGroupService;
  types: TypeService;
  businessUnits: BusinessUnitService;
  asAssociateBusinessUnits: AsAssociateBusinessUnitService;
}

export function createServices(app: AppServices): Services {
  const customers = new CustomerService(app);
  const stores = new StoreService();
  const associateRoles = new AssociateRoleService();
  const customerGroups = new CustomerGroupService();
  const businessUnits = new BusinessUnitService();
  return {
    projects: new ProjectService(app),
    apiClients: new ApiClientService(app),
    customers,
    stores,
    associateRoles,
    customerGroups,
    businessUnits,
    asAssociateBusinessUnits: new AsAssociateBusinessUnitService(businessUnits),
    // Every resource that accepts `custom`: a Type they use cannot be deleted, and a field definition removed from it loses its values there.
    types: new TypeService([
      typeUser(stores.repository),
      typeUser(associateRoles.repository),
      typeUser(customerGroups.repository),
      typeUser(customers.repository, USES_TYPE_WITH_ADDRESSES),
      typeUser(businessUnits.repository, USES_TYPE_WITH_ADDRESSES),
    ]),
  };
}
