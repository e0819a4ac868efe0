/** The bundles feature's public surface: offline review by files, and the snapshot a bundle was planned from. */
export { BundlesScreen } from './BundlesScreen';
export { SnapshotScreen } from './SnapshotScreen';
export { BundleSaved, OfflineStart, SaveSigned, SendChecks } from './BundleBatch';
export { originLabel } from './bundle-labels';
export { useBundlesStore } from './bundles-store';
export { ItemSimulatedOnline, PlanSimulatedOnline } from './BundleSimulation';
export { PlannerPreviewPanel } from './PlannerPreview';
export { BundleOrigin, ExportUnsigned } from './PlanBundleParts';
