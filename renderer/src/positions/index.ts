/** The positions feature's public surface: the service's position records of the batch. */
export { GroupTotalRow, VaultEarningsCell } from './GroupTotals';
;
export { PairEarningsCell, PairPoolShare } from './PairRecordCells';
export {
  recordIndexOf,
  useLoadPositionRecords,
  usePositionRecords,
  usePositionRecordsStore,
  useRecordsSource,
} from './position-records-store';
export { BatchRecordsProgress, RecordsProgressNote } from './RecordsProgressNote';
