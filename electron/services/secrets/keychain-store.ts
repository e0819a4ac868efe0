import { createRequire } from 'node:module';
import { AppError } from '../../../shared/errors';
import type { SecretStore } from './secret-store';

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
};

/** The keychain entry's service name: what the user sees in Keychain Access / Seahorse / Credential Manager. */
export const KEYCHAIN_SERVICE = 'Vaultdesk credit vault service';

/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux). keytar is a native module: it is loaded lazily so that a machine without libsecret still
 * starts in demo mode and explains what is missing instead of crashing.
 */
export class KeychainSecretStore implements SecretStore {
  private keytar: Keytar | null = null;
  private loadError: string | null = null;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  private load(): Keytar {
    if (this.keytar) return this.keytar;
    if (this.loadError === null) {
      try {
        const require = createRequire(import.meta.url);
        this.keytar = require('keytar') as Keytar;
        return this.keytar;
      } catch (err) {
        this.loadError = (err as Error).message;
      }
    }
    throw unavailable(this.loadError ?? 'keytar could not be loaded');
  }

  async availability(): Promise<{ available: true } | { available: false; reason: string }> {
    try {
      // A read of an entry that does not exist proves the Secret Service answers.
      await this.load().getPassword(this.service, '__vaultdesk_probe__');
      return { available: true };
    } catch (err) {
      return { available: false, reason: describe(err) };
    }
  }

  async get(account: string): Promise<string | null> {
    try {
      return await this.load().getPassword(this.service, account);
    } catch (err) {
      throw unavailable(describe(err), err);
    }
  }

  async set(account: string, secret: string): Promise<void> {
    try {
      await this.load().setPassword(this.service, account, secret);
    } catch (err) {
      throw unavailable(describe(err), err);
    }
  }

  async delete(account: string): Promise<boolean> {
    try {
      return await this.load().deletePassword(this.service, account);
    } catch (err) {
      throw unavailable(describe(err), err);
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

function unavailable(reason: string, cause?: unknown): AppError {
  return new AppError(
    {
      code: 'KEYCHAIN_UNAVAILABLE',
      message: `The OS keychain is not available: ${reason}`,
      action:
        'On Linux, install and unlock a Secret Service (GNOME Keyring or KWallet); on macOS and Windows, make sure you are logged in to your user session. The console keeps working in demo mode meanwhile.',
    },
    { cause },
  );
}
