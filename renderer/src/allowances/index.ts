/** The allowances feature's public surface. */
export { AllowancesScreen } from './AllowancesScreen';
