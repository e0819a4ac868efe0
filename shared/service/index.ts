/** The Credit Vault Data Service as both sides see it: resource schemas, envelope, queries, errors. */
export * from './primitives';
export * from './schemas';
export * from './envelope';
export * from './tolerant';
export * from './query';
export * from './errors';
export * from './resources';
export * from './known-values';
export * from './vault';
export * from './campaigns';
