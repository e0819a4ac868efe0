import type { ApiKeyStatus } from '../../../shared/ipc/schemas';

/**
 * Why a console with a service address reads without a key, in the banner's words, and the one
 * action that mends it. A key that was never saved, a key file not unlocked since the console
 * started and a keychain that cannot be reached look the same to the service (no key sent) but ask
 * the operator for different things: the banner must name which.
 */
export function keyAbsence(status: ApiKeyStatus | null): { reason: string; action: string } {
  if (status?.keyFile === 'locked') {
    return { reason: 'the key file is locked (its passphrase is asked once per session)', action: 'Unlock in Settings' };
  }
  if (status && !status.keychainAvailable && status.keyFile !== 'unlocked') {
    return { reason: 'the OS keychain cannot be read, so the saved key is out of reach', action: 'Open Settings' };
  }
  return { reason: 'no API key', action: 'Add an API key' };
}
