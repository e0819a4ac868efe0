import { createHash } from 'node:crypto';
import type { SecretStore } from './secret-store';

/**
 * One keychain entry per service base URL, so keys for a staging and a production service never
 * mix. The account name is the normalised URL (origin and path, no trailing slash, no query).
 */
export function apiKeyAccount(serviceUrl: string): string {
  const url = new URL(serviceUrl);
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${pathname}`.toLowerCase();
}

/** A short, non-reversible fingerprint so the user can tell two keys apart without seeing either. */
export function apiKeyFingerprint(apiKey: string): string {
  return `sha256:${createHash('sha256').update(apiKey, 'utf8').digest('hex').slice(0, 8)}`;
}

export class ApiKeyVault {
  constructor(private readonly store: SecretStore) {}

  read(serviceUrl: string): Promise<string | null> {
    return this.store.get(apiKeyAccount(serviceUrl));
  }

  save(serviceUrl: string, apiKey: string): Promise<void> {
    return this.store.set(apiKeyAccount(serviceUrl), apiKey);
  }

  remove(serviceUrl: string): Promise<boolean> {
    return this.store.delete(apiKeyAccount(serviceUrl));
  }

  availability() {
    return this.store.availability();
  }
}
