export { BundleService, createBundleService, type BundleServiceOptions } from './bundle-service';
export { BundleStore } from './store';
export { planFromBundle, offlinePlanId, batchIdOfPlan } from './plan-from-bundle';
export { batchFromSignedBundle, broadcastBatchId } from './batch-from-signed';
export { snapshotFromBasis } from './snapshot';
