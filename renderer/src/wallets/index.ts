/** The wallets feature's public surface: the wallet book. */
export { WalletsScreen } from './WalletsScreen';
export { useWalletsStore } from './wallets-store';
