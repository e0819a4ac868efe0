/** The wallets feature's public surface: the wallet book's screen (its store is the batch's: ../batch). */
export { WalletsScreen } from './WalletsScreen';
