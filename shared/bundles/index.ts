export * from './schemas';
export * from './canonical';
export * from './errors';
export * from './calls';
export * from './transaction';
export * from './build';
export * from './vaults';
export { readUnsignedBundle,  } from './verify-unsigned';
export { readSignedBundle } from './verify-signed';
;
export {
  plannerHash,
  plannerHashes,
  plannerTypedData,
  verifyPlannerSignature,
  PLANNER_DOMAIN,
  PLANNER_PATH,
  
  
  
} from './planner';
export { checkPlannerTrusted,   } from './planner-trust';
;
export {  bundleSimulationOf,    type BundleSimulation } from './simulation';
