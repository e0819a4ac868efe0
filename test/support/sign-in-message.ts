/**
 * An EIP-4361 sign-in message as a dapp would ask for it, for a site that is not the vaults' service:
 * a text no lender agreement may be (a signature of it logs the wallet in there).
 */
export const SIGN_IN_MESSAGE = [
  'app.lendmarket.example wants you to sign in with your Ethereum account:',
  '0x1234567890123456789012345678901234567890',
  '',
  'I accept the Terms of Service.',
  '',
  'URI: https://app.lendmarket.example/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2026-11-27T02:00:00Z',
].join('\n');
