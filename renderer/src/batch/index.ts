/**
 * The batch: the wallets and vaults the desk works on, and their portfolio view. Every feature shows the same
 * batch, so its stores and the small pieces that show it (group picker, header, stale mark, cycle badge, labels,
 * a request's expected date) sit here, below the features and above components/: a feature that needs the batch
 * imports it from here, never from another feature.
 */
export { usePortfolioStore,  } from './portfolio-store';
export { useWalletsStore } from './wallets-store';
export { type ImportPreview } from './import-preview';
export { PortfolioHeader } from './PortfolioHeader';
export { GroupPicker } from './GroupPicker';
export { CycleBadge, chainClockOffset } from './CycleBadge';
export { StaleMark, RequestStaleMark } from './StaleMark';
export { actionLabel, portfolioIndex } from './labels';
export { ExpectedDate, overdueOf } from './ExpectedDate';
export { useVaultCycles } from './vault-cycles';
export {  useChainAhead } from './chain-clock';
