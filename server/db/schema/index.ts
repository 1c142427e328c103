export * from './core';
export * from './customers';
export * from './inventory';
export * from './lookup';
export * from './receipt';
export * from './redeem';
export * from './sales';
export * from './shift';
