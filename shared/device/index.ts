export * from './paths';
export * from './state';
export * from './errors';
export * from './screens';
export * from './models';
export * from './networks';
export * from './schemas';
export * from './versions';
