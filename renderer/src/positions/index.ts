/** The positions feature's public surface: the Positions screen and the service's position records of the batch. */
export { PositionsScreen } from './PositionsScreen';
export { groupTotalCells, VaultEarningsCell } from './GroupTotals';
export { followPositionRecords, usePositionRecords } from './position-records-store';
export { PortfolioRecordsHeader } from './RecordsProgressNote';
