export * from './schemas';
export * from './deltas';
export * from './protocol-events';
export * from './dry-run';
