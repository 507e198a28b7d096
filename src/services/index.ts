import type { AppServices } from '../context.js';
import { ApiClientService } from './api-client.service.js';
import { AssociateRoleService } from './associate-role.service.js';
import { CustomerGroupService } from './customer-group.service.js';
import { CustomerService } from './customer.service.js';
import { ProjectService } from './project.service.js';
import { StoreService } from './store.service.js';
import { TypeService } from './type.service.js';

/** The domain services, one instance each per process. Routes and resolvers reach them through this. */
export interface Services {
  projects: ProjectService;
  apiClients: ApiClientService;
  customers: CustomerService;
  stores: StoreService;
  associateRoles: AssociateRoleService;
  customerGroups: CustomerGroupService;
  types: TypeService;
}

export function createServices(app: AppServices): Services {
  return {
    projects: new ProjectService(app),
    apiClients: new ApiClientService(app),
    customers: new CustomerService(app),
    stores: new StoreService(),
    associateRoles: new AssociateRoleService(),
    customerGroups: new CustomerGroupService(),
    types: new TypeService(),
  };
}
