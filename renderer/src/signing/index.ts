/** The signing feature's public surface. */
export { SigningScreen } from './SigningScreen';
export { ACTION_TITLE, useSigningStore } from './signing-store';
