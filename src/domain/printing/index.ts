export * from './doc';
export * from './escpos';
export * from './receipt';
export * from './settlement';
export * from './shift';
