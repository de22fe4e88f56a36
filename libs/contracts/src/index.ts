export * from './auth';
export * from './common';
export * from './items';
export * from './orders';
export * from './packages';
export * from './payments';
export * from './uploads';
export * from './users';
