/** The vaults feature's public surface: the catalog, the vault page, and the epoch table the bundle snapshot shows too. */
export { VaultsScreen } from './VaultsScreen';
export { VaultScreen } from './VaultScreen';
