export * from './paths';
export * from './state';
export * from './errors';
export * from './screens';
export * from './schemas';
export * from './versions';
export * from './clear-sign-screens';
