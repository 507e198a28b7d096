export { ApiClientService } from './api-client.service.js';
export type { ApiClientRecord } from './api-client.service.js';
export { ProjectService } from './project.service.js';
export type { ProjectDocument } from './project.service.js';
export type { ProjectEvents } from './project.service.js';
export type { ApiClientEvents } from './api-client.service.js';
