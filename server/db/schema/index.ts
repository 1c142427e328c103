export * from './core';
export * from './customers';
export * from './lookup';
