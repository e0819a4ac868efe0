export * from './schemas';
export * from './rules';
export * from './reverts';
export * from './counts';
export * from './item';
