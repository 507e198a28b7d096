import type { AppServices } from '../context.js';
import { ApiClientService } from './api-client.service.js';
import { AsAssociateBusinessUnitService } from './as-associate.service.js';
import { AssociateRoleService } from './associate-role.service.js';
import { BusinessUnitService } from './business-unit.service.js';
import { CustomerService } from './customer.service.js';
import { ProjectService } from './project.service.js';
import { StoreService } from './store.service.js';

/** The domain services, one instance each per process. Routes and resolvers reach them through this. */
export interface Services {
  projects: ProjectService;
  apiClients: ApiClientService;
  customers: CustomerService;
  stores: StoreService;
  associateRoles: AssociateRoleService;
  businessUnits: BusinessUnitService;
  asAssociateBusinessUnits: AsAssociateBusinessUnitService;
}

export function createServices(app: AppServices): Services {
  const businessUnits = new BusinessUnitService();
  return {
    projects: new ProjectService(app),
    apiClients: new ApiClientService(app),
    customers: new CustomerService(app),
    stores: new StoreService(),
    associateRoles: new AssociateRoleService(),
    businessUnits,
    asAssociateBusinessUnits: new AsAssociateBusinessUnitService(businessUnits),
  };
}
