import { verifyMessage } from 'viem';

/** The text a wallet signs: the definition's `walletMessage`, base64-decoded. */
function decodeWalletMessage(walletMessage: string): string {
  return Buffer.from(walletMessage, 'base64').toString('utf8');
}

/**
 * Whether `signature` is the EIP-191 (`personal_sign`) signature of the decoded message by
 * `walletAddress`. A malformed signature is simply not a match.
 */
export async function verifyWalletSignature(walletMessage: string, walletAddress: string, signature: string): Promise<boolean> {
  try {
    return await verifyMessage({
      address: walletAddress as `0x${string}`,
      message: decodeWalletMessage(walletMessage),
      signature: signature as `0x${string}`,
    });
  } catch {
    return false;
  }
}
