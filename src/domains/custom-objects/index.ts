export { CustomObjectService } from './custom-object.service.js';
