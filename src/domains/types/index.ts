export { customFieldActions, customFieldsFromDraft, setCustomField, setCustomType } from './custom-fields.js';
export { typeRepository } from './type-repository.js';
export { USES_TYPE_IN_ORDERS, USES_TYPE_IN_PAYMENTS, USES_TYPE_WITH_ADDRESS, USES_TYPE_WITH_ADDRESSES, USES_TYPE_WITH_ASSETS, typeUser } from './type-users.js';
export { TypeService } from './type.service.js';
