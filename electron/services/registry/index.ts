export { VaultRegistry, frozenError, registryFingerprint, type FirstSeenPolicy, type VerifiedVault } from './registry';
export { identityOf, proposedSet, differences, type VaultIdentity } from './contract-set';
export { gateItems, rolesOf, STEP_TARGETS, ACTION_APPROVALS, type GateContext, type GatedItem } from './gate';
export { evaluateRelations, allPass, type RelationReads } from './checks';
export { announcedOf, collisionError, listedVaults, type ListedVault } from './identity';
export { RegistryTransfer, type SignTypedDataHash } from './signed-export';
