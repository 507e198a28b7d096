export { ShippingMethodService } from './shipping-method.service.js';
export { taxCategoryRepository } from './tax-category-repository.js';
export { TaxCategoryService } from './tax-category.service.js';
export { ZoneService, zoneCovers } from './zone.service.js';
export { matchingShippingRate, predicateMatches } from './shipping-rates.js';
