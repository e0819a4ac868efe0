import * as bundles from '../bundles';
import type { BundleParts } from '../signing';

/** The bundle pieces the signing screens show, handed over here so that signing/ never imports bundles/ (the type picks them). */
export const BUNDLE_PARTS: BundleParts = { ...bundles };
