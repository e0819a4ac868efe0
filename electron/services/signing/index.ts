export {
  createSigningService,
  SigningService,
  type SigningDevice,
  type SigningListener,
  type SigningServiceOptions,
} from './signing-service';
export { reportCsv, REPORT_COLUMNS } from './csv';
export { revertReason, describeCallError } from './broadcast';
export { planSelection, planWithBasis, type PlannerDeps, type PlanBasis } from './planner';
export { sendableNow, sendableReport } from './sendable';
