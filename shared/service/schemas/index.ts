/**
 * Resource schemas of the Credit Vault Data Service: the one description of what the service
 * serves, one file per resource family. The client validates every response with them; the
 * simulated service does not build its records from them (its tests check those records against
 * them). Fields the console cannot do without are required; everything else is optional, and
 * unknown fields pass through untouched.
 */
export * from './catalog';
export * from './vault';
export * from './requests';
export * from './epochs';
export * from './positions';
export * from './insights';
export * from './campaigns';
export * from './transactions';
export * from './signatures';
