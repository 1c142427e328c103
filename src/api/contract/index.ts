export * from './appointment';
export * from './customer';
export * from './envelope';
export * from './paths';
export * from './pos';
export * from './receipt';
export * from './session';
export * from './user-data';
