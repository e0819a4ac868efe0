/** The operators feature's public surface. */
export { OperatorsScreen } from './OperatorsScreen';
export { OperatorScreen } from './OperatorScreen';
export { VaultRefTable } from './VaultRefTable';
export { operatorKind } from './labels';
export { useOperatorsStore } from './operators-store';
