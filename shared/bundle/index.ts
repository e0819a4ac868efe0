export * from './schemas';
export * from './canonical';
export * from './errors';
export * from './calls';
export * from './transaction';
export * from './build';
export * from './vaults';
export { readUnsignedBundle, checkUnsignedContent } from './verify-unsigned';
export { readSignedBundle } from './verify-signed';
export { parseEnvelope, type BundleKind } from './envelope';
export {
  plannerHash,
  plannerHashes,
  plannerTypedData,
  verifyPlannerSignature,
  PLANNER_DOMAIN,
  PLANNER_PATH,
  PLANNER_TYPES,
  PLANNER_PRIMARY_TYPE,
  type PlannerHashes,
} from './planner';
export { checkPlannerTrusted, type PlannerSubject, type TrustedPlanner } from './planner-trust';
export { isCanonicalSignature, toLowS } from './signature';
export { BundleSimulationSchema, bundleSimulationOf, notSimulated, checkSimulation, plainSimulation, type BundleSimulation } from './simulation';
