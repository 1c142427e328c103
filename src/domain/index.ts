// The rules engine: pure functions shared by the browser, the projections and the server.

export * from './commission';
export * from './coupon-use';
export * from './discount-kind';
export * from './flags';
export * from './global-discount';
export * from './helpers';
export * from './labels';
export * from './line-edit';
export * from './membership-sale';
export * from './model';
export * from './money';
export * from './payment-check';
export * from './payments';
export * from './pos/phone';
export * from './pricing';
export * from './promo';
export * from './redeem';
export * from './shift';
export * from './shift-rules';
export * from './sign-out';
export * from './special-sale';
export * from './text';
export * from './time';
export * from './transaction-rules';
export * from './validation-item';
export * from './validation-sale';
