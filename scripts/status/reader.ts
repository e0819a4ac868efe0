import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../shared/errors';
import type { SetAsideRecord } from '../../shared/service';
import { WalletBookSchema, type WalletBookData } from '../../shared/wallets/schemas';
import type { PortfolioWallet } from '../../electron/services/portfolio/portfolio';
import { ApiKeyVault } from '../../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../../electron/services/secrets/keychain-store';
import { settingsDocument } from '../../electron/services/settings/settings';
import { createServiceClient, normaliseBaseUrl, type ServiceClient } from '../../electron/services/service-client';
import { UsageError } from './cli';
import { dataFolder } from '../../electron/services/storage/data-folder';

/**
 * What a read-only command reads, found the way the console finds it: the data folder, the service
 * address saved in its settings, the API key from the keychain entry Settings saved (or
 * VAULTDESK_API_KEY for scripted runs), and the wallets of its wallet book. Nothing here writes to
 * the data folder: a command that only reads must leave the console's files as it found them.
 */

/** The console's own data folder (what Electron's `userData` is), so the command reads its files. */
export function dataDirOf(flag: string | undefined): string {
  return dataFolder(flag);
}

/** `--service`, else the address saved in the console's settings. */
export async function serviceUrlOf(flag: string | undefined, dataDir: string): Promise<string> {
  if (flag) return flag;
  const { value } = await readOnly(settingsDocument(dataDir).file, (text) => JSON.parse(text) as { serviceUrl?: unknown });
  if (value && typeof value.serviceUrl === 'string' && value.serviceUrl) return value.serviceUrl;
  throw new AppError({
    code: 'SERVICE_NOT_SET',
    message: `No service address is saved in ${dataDir}`,
    action: 'Give one with --service URL, or save it in the console\u2019s Settings.',
  });
}

/** The key as the console stores it (one keychain entry per service address), or VAULTDESK_API_KEY. */
export async function apiKeyFor(serviceUrl: string): Promise<string> {
  const fromEnv = process.env.VAULTDESK_API_KEY;
  if (fromEnv) return fromEnv;
  const key = await new ApiKeyVault(new KeychainSecretStore()).read(serviceUrl);
  if (key) return key;
  throw new AppError({
    code: 'SERVICE_NO_API_KEY',
    message: `No API key for ${serviceUrl} is in the keychain`,
    action: 'Save it in the console\u2019s Settings for this address, or set VAULTDESK_API_KEY.',
  });
}

/** Checks the service address as the client will (https off this machine): a refused one is a bad flag value. */
export function checkServiceAddress(serviceUrl: string): void {
  try {
    normaliseBaseUrl(serviceUrl);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The service client the console would use, telling every record it sets aside. */
export async function serviceClientFor(serviceUrl: string, onSetAside: (records: SetAsideRecord[]) => void): Promise<ServiceClient> {
  checkServiceAddress(serviceUrl);
  const apiKey = await apiKeyFor(serviceUrl);
  return createServiceClient({ baseUrl: serviceUrl, getApiKey: async () => apiKey, onSetAside });
}

interface WalletSelection {
  wallets: PortfolioWallet[];
  /** The group picked with --group, or null. */
  group: { id: string; name: string } | null;
  /** Where the wallets came from, for the first line of the output. */
  from: string;
}

/** `--wallet` addresses as given, else the wallet book's wallets (of `--group` when given). */
export async function walletsOf(given: readonly `0x${string}`[], groupName: string | undefined, dataDir: string): Promise<WalletSelection> {
  if (given.length > 0) {
    if (groupName !== undefined) throw new UsageError('give either --wallet addresses or --group NAME, not both');
    return {
      wallets: given.map((address) => ({ address, label: '' })),
      group: null,
      from: `${given.length} wallet${given.length === 1 ? '' : 's'} given`,
    };
  }
  const book = await readWalletBook(dataDir);
  const label = (w: { address: string; label: string }) => ({ address: w.address as `0x${string}`, label: w.label });
  if (groupName === undefined) {
    return { wallets: book.wallets.map(label), group: null, from: `the wallet book (${book.wallets.length} wallets)` };
  }
  const wanted = groupName.trim().toLowerCase();
  const group = book.groups.find((g) => g.name.toLowerCase() === wanted);
  if (!group) {
    const names = book.groups.map((g) => `"${g.name}"`).join(', ');
    throw new UsageError(
      `--group "${groupName}" is not a group of the wallet book in ${dataDir} (${names ? `groups: ${names}` : 'it has no groups'})`,
    );
  }
  const members = book.wallets.filter((w) => w.groupIds.includes(group.id)).map(label);
  return { wallets: members, group: { id: group.id, name: group.name }, from: `group "${group.name}" (${members.length} wallets)` };
}

async function readWalletBook(dataDir: string): Promise<WalletBookData> {
  const file = path.join(dataDir, 'wallets.json');
  const { value } = await readOnly(file, (text) => WalletBookSchema.parse(JSON.parse(text)));
  return value ?? { version: 1, wallets: [], groups: [] };
}

/** A file of the data folder read without touching it: a missing file is null, an unreadable one a clear error. */
async function readOnly<T>(file: string, parse: (text: string) => T): Promise<{ value: T | null }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: null };
    throw new AppError({
      code: 'STORAGE_UNREADABLE',
      message: `${file} could not be read: ${(err as Error).message}`,
      action: 'Check the permissions of the data folder.',
    });
  }
  try {
    return { value: parse(text) };
  } catch {
    throw new AppError({
      code: 'STORAGE_CORRUPT',
      message: `${file} is not in the format the console writes`,
      action: 'Open the console once (it keeps the file aside and starts a new one), or give the wallets with --wallet.',
    });
  }
}
