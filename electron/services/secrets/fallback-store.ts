import type { SecretStore } from './secret-store';
import type { KeyFileState, PassphraseFileStore } from './passphrase-file-store';

type Availability = Awaited<ReturnType<SecretStore['availability']>>;

/** Where the console's secrets go now, for Settings to say before a key is typed. */
interface KeyStoreState {
  keychain: Availability;
  /** The passphrase-encrypted file's state; it is used only while the keychain cannot be reached. */
  file: KeyFileState;
}

// A keychain that did not answer is asked again after this long (it may be started meanwhile),
// not at every read of the key.
const RETRY_UNAVAILABLE_MS = 10_000;

/**
 * The OS keychain when it can be reached, else an encrypted file unlocked by a passphrase: the
 * console always has somewhere to keep its API key and journal keys, and says which. Electron's
 * `safeStorage` would fit behind the same `SecretStore` interface; it is not used, because it
 * cannot be exercised where the console is tested.
 */
export class KeychainOrFileStore implements SecretStore {
  private keychainSeen: { at: number; availability: Availability } | null = null;

  constructor(
    private readonly keychain: SecretStore,
    readonly file: PassphraseFileStore,
    private readonly now: () => number = Date.now,
  ) {}

  async state(): Promise<KeyStoreState> {
    return { keychain: await this.keychainAvailability(true), file: await this.file.state() };
  }

  async availability(): Promise<Availability> {
    const keychain = await this.keychainAvailability(false);
    if (keychain.available) return keychain;
    const file = await this.file.availability();
    return file.available ? file : { available: false, reason: `${keychain.reason.replace(/\.$/, '')}; ${file.reason}` };
  }

  async get(account: string): Promise<string | null> {
    return (await this.backend()).get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    return (await this.backend()).set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return (await this.backend()).delete(account);
  }

  private async backend(): Promise<SecretStore> {
    return (await this.keychainAvailability(false)).available ? this.keychain : this.file;
  }

  /** A reachable keychain is taken as staying so; an unreachable one is asked again after a while (or when `fresh`). */
  private async keychainAvailability(fresh: boolean): Promise<Availability> {
    const seen = this.keychainSeen;
    if (seen && (seen.availability.available || (!fresh && this.now() - seen.at < RETRY_UNAVAILABLE_MS))) return seen.availability;
    const availability = await this.keychain.availability();
    this.keychainSeen = { at: this.now(), availability };
    return availability;
  }
}
