/** The transactions feature's public surface. */
export { TransactionsScreen } from './TransactionsScreen';
