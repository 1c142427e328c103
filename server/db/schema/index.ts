export * from './core';
export * from './customers';
export * from './sales';
export * from './lookup';
