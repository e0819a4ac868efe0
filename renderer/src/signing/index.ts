/** The signing feature's public surface. */
export { SigningScreen } from './SigningScreen';
export { ACTION_TITLE, useSigningStore } from './signing-store';
export { ItemWhatWillChange, PlanWhatWillChange, type CarriedSimulation } from './WhatWillChange';
export type { PlanSimulationState } from './simulation-store';
export { BundlePartsContext, type BundleParts } from './bundle-parts';
