export { createChainIndexer } from './indexer';
export type { ChainIndexer, IndexerChain, IndexStats } from './indexer';
export { registerLocalCatalog, RECORD_ABI_CODES, vaultContracts } from './catalog';
export type { IndexedVault, LocalChainInput } from './catalog';
export { buildRequests } from './requests';
export type { ChainRequest, RequestStatus, RequestType } from './requests';
export { startLocalSimulation } from './simulation';
export type { LocalSimulation, LocalSimulationOptions } from './simulation';
