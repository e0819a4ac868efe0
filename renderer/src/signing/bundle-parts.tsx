import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';
import type {
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

/**
 * The bundle pieces the signing screens show (a plan's export, a bundle's origin and simulation,
 * the saved and signed files). Bundles build on signing (its store, its review parts), so signing
 * never imports them: app/ hands them over through this context. Only their types are named here.
 */
export interface BundleParts {
  BundleOrigin: ComponentType<ComponentProps<typeof BundleOrigin>>;
  BundleSaved: ComponentType<ComponentProps<typeof BundleSaved>>;
  ExportUnsigned: ComponentType<ComponentProps<typeof ExportUnsigned>>;
  ItemSimulatedOnline: ComponentType<ComponentProps<typeof ItemSimulatedOnline>>;
  OfflineStart: ComponentType<ComponentProps<typeof OfflineStart>>;
  PlannerPreviewPanel: ComponentType<ComponentProps<typeof PlannerPreviewPanel>>;
  PlanSimulatedOnline: ComponentType<ComponentProps<typeof PlanSimulatedOnline>>;
  SaveSigned: ComponentType<ComponentProps<typeof SaveSigned>>;
  SendChecks: ComponentType<ComponentProps<typeof SendChecks>>;
  originLabel: typeof originLabel;
  useBundlesStore: typeof useBundlesStore;
}

export const BundlePartsContext = createContext<BundleParts | null>(null);

/** The bundle pieces app/ provides; a signing screen outside the app's tree is a wiring mistake, said at once. */
export function useBundleParts(): BundleParts {
  const parts = useContext(BundlePartsContext);
  if (!parts) throw new Error('The signing screens need the bundle parts: render them inside BundlePartsContext (app/).');
  return parts;
}
