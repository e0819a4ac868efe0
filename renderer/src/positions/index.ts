/** The positions feature's public surface: the service's position records of the batch. */
export { GroupTotalRow, VaultEarningsCell } from './GroupTotals';
export { EarningsCell } from './RecordCells';
export { usePositionRecords } from './position-records-store';
export { RecordsProgressNote } from './RecordsProgressNote';
