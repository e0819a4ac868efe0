export { VaultRegistry,   type FirstSeenPolicy, type VerifiedVault } from './registry';
export { identityOf,  differences, type VaultIdentity } from './contract-set';
export { gateItems,      } from './gate';
;
export {   listedVaults, type ListedVault } from './identity';
export { RegistryTransfer,  } from './signed-export';
