export * from './auth';
export * from './common';
export * from './items';
export * from './orders';
export { featureBulletsOf } from './package-features';
export * from './packages';
export * from './payments';
export * from './uploads';
export * from './users';
