/**
 * Where secrets live. The only implementation the console ships is the OS keychain; tests use the
 * same keychain through a real Secret Service. Nothing else in the console may hold a secret at rest.
 */
export interface SecretStore {
  /** Whether the store can be used on this machine; a reason when it cannot. */
  availability(): Promise<{ available: true } | { available: false; reason: string }>;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}
