export * from './digital';
export * from './discount-parts';
export * from './lines';
export * from './mode';
export * from './model';
export * from './slips';
