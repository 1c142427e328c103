// The paper documents (no encoder: escpos.ts, with @point-of-sale's encoder, loads only when a direct printer prints).
export * from './doc';
export * from './receipt';
export * from './settlement';
export * from './shift';
export * from './status';
