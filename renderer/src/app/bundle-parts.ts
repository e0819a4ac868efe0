import {
  BundleOrigin,
  BundleSaved,
  ExportUnsigned,
  ItemSimulatedOnline,
  OfflineStart,
  originLabel,
  PlannerPreviewPanel,
  PlanSimulatedOnline,
  SaveSigned,
  SendChecks,
  useBundlesStore,
} from '../bundles';
import type { BundleParts } from '../signing';

/** The bundle pieces the signing screens show, handed over here so that signing/ never imports bundles/. */
export const BUNDLE_PARTS: BundleParts = {
  BundleOrigin,
  BundleSaved,
  ExportUnsigned,
  ItemSimulatedOnline,
  OfflineStart,
  originLabel,
  PlannerPreviewPanel,
  PlanSimulatedOnline,
  SaveSigned,
  SendChecks,
  useBundlesStore,
};
