import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';
import type * as Bundles from '../bundles';

type Part<K extends keyof typeof Bundles> = ComponentType<ComponentProps<(typeof Bundles)[K]>>;
type PartName =
  | 'BundleOrigin'
  | 'BundleSaved'
  | 'ExportUnsigned'
  | 'ItemSimulatedOnline'
  | 'OfflineStart'
  | 'PlannerPreviewPanel'
  | 'PlanSimulatedOnline'
  | 'SaveSigned'
  | 'SendChecks';

/**
 * The bundle pieces the signing screens show (a plan's export, a bundle's origin and simulation,
 * the saved and signed files). Bundles build on signing (its store, its review parts), so signing
 * never imports them: app/ hands them over through this context. Only their types are named here.
 */
export type BundleParts = { [K in PartName]: Part<K> } & Pick<typeof Bundles, 'originLabel' | 'useBundlesStore'>;

export const BundlePartsContext = createContext<BundleParts | null>(null);

/** The bundle pieces app/ provides; a signing screen outside the app's tree is a wiring mistake, said at once. */
export function useBundleParts(): BundleParts {
  const parts = useContext(BundlePartsContext);
  if (!parts) throw new Error('The signing screens need the bundle parts: render them inside BundlePartsContext (app/).');
  return parts;
}
