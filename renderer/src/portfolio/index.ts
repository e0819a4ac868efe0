/** The portfolio feature's public surface: the batch's view model, its screens and the pieces other screens show it with. */
export { OverviewScreen } from './OverviewScreen';
export { PositionsScreen } from './PositionsScreen';
export { RequestsScreen } from './RequestsScreen';
export { PortfolioHeader } from './PortfolioHeader';
export { GroupPicker } from './GroupPicker';
export { CycleBadge, chainClockOffset } from './CycleBadge';
export { StaleMark } from './StaleMark';
export { actionLabel, portfolioIndex } from './labels';
export { usePortfolioStore } from './portfolio-store';
export { useVaultCycles } from './vault-cycles';
export { chainAheadSeconds, useChainAhead } from './chain-clock';
