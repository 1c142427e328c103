export * from './db';
export type { DeviceEventPayloads } from './device';
export * from './envelope';
export * from './model';
export type { SessionEventPayloads } from './session';
export type { ShiftEventPayloads, ShiftOpening } from './shift';
export type { DrvTotals, ServerAcceptance, StockMovement, TrxEventPayloads } from './trx';
export * from './upcasters';
export * from './vocabulary';
