export * from './appointment';
export * from './envelope';
export * from './paths';
export * from './pos';
export * from './session';
export * from './user-data';
export * from './customer';
