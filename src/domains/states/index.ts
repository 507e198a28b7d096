export { StateService } from './state.service.js';
export { stateOfType, stateRepository, transition } from './states.js';
