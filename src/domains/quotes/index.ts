export { QuoteRequestService } from './quote-request.service.js';
export { QuoteService } from './quote.service.js';
export { StagedQuoteService } from './staged-quote.service.js';
