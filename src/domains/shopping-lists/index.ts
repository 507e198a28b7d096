export { currentVariant } from './shopping-list-lines.js';
export { ShoppingListService } from './shopping-list.service.js';
