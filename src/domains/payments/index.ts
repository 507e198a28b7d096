export { addPayment, paymentRepository, removePayment } from './payment-info.js';
export { PaymentMethodService } from './payment-method.service.js';
export { PaymentService } from './payment.service.js';
