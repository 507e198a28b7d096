export { StoreService } from './store.service.js';
