import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { isPlannerPath, PLANNER_PATH_REFUSAL } from '../../../shared/device/paths';
import { checkAddress, sameAddress } from '../../../shared/domain/address';
import {
  WalletBookSchema,
  type CsvImportReport,
  type CsvRowReport,
  type Group,
  type LedgerOrigin,
  type Wallet,
  type WalletBookData,
} from '../../../shared/wallets/schemas';
import { JsonDocument } from '../storage/json-document';
import { parseWalletCsv, walletsToCsv } from '../../../shared/wallets/wallet-csv';

export function walletBookDocument(dataDir: string): JsonDocument<WalletBookData> {
  return new JsonDocument(path.join(dataDir, 'wallets.json'), WalletBookSchema, () => ({ version: 1, wallets: [], groups: [] }));
}

interface NewWallet {
  address: string;
  label?: string;
  notes?: string;
  groupIds?: string[];
}

interface LedgerAccount {
  address: string;
  ledger: LedgerOrigin;
  /** Label for a new wallet; by default "Ledger <index>". */
  label?: string;
}

/**
 * The operator's managed wallets and groups, persisted crash-safely. Every change is written to
 * disk (atomically) before it is visible in memory, and changes are applied one at a time, so two
 * quick edits can never lose each other.
 */
export class WalletBook {
  private data: WalletBookData = { version: 1, wallets: [], groups: [] };
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly doc: JsonDocument<WalletBookData>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Loads the book; a corrupt file is kept aside and reported, and the book starts empty. */
  async load(): Promise<{ recovered?: { keptAt: string; reason: string } }> {
    const { value, recovered } = await this.doc.read();
    this.data = value;
    return recovered ? { recovered } : {};
  }

  snapshot(): WalletBookData {
    return structuredClone(this.data);
  }

  wallets(groupId?: string): Wallet[] {
    return this.data.wallets.filter((w) => !groupId || w.groupIds.includes(groupId));
  }

  add(input: NewWallet): Promise<Wallet> {
    return this.mutate((book) => {
      const address = requireAddress(input.address);
      if (book.wallets.some((w) => sameAddress(w.address, address))) {
        throw new AppError({ code: 'WALLET_EXISTS', message: `${address} is already in the wallet book.` });
      }
      const wallet: Wallet = {
        address,
        label: (input.label ?? '').trim(),
        notes: (input.notes ?? '').trim(),
        source: 'watch',
        ledger: null,
        groupIds: knownGroups(book, input.groupIds ?? []),
        addedAt: this.now().toISOString(),
      };
      book.wallets.push(wallet);
      return wallet;
    });
  }

  update(address: string, patch: { label?: string; notes?: string }): Promise<Wallet> {
    return this.mutate((book) => {
      const wallet = findWallet(book, address);
      if (patch.label !== undefined) wallet.label = patch.label.trim();
      if (patch.notes !== undefined) wallet.notes = patch.notes.trim();
      return { ...wallet };
    });
  }

  remove(addresses: readonly string[]): Promise<number> {
    return this.mutate((book) => {
      const before = book.wallets.length;
      book.wallets = book.wallets.filter((w) => !addresses.some((a) => sameAddress(a, w.address)));
      return before - book.wallets.length;
    });
  }

  createGroup(name: string): Promise<Group> {
    return this.mutate((book) => {
      const clean = requireGroupName(book, name);
      const group: Group = { id: `g_${randomBytes(6).toString('hex')}`, name: clean, createdAt: this.now().toISOString() };
      book.groups.push(group);
      return group;
    });
  }

  renameGroup(id: string, name: string): Promise<Group> {
    return this.mutate((book) => {
      const group = findGroup(book, id);
      group.name = requireGroupName(book, name, id);
      return { ...group };
    });
  }

  /** Deletes the group; its wallets stay in the book. */
  deleteGroup(id: string): Promise<void> {
    return this.mutate((book) => {
      findGroup(book, id);
      book.groups = book.groups.filter((g) => g.id !== id);
      for (const w of book.wallets) w.groupIds = w.groupIds.filter((g) => g !== id);
    });
  }

  setMembership(groupId: string, addresses: readonly string[], member: boolean): Promise<number> {
    return this.mutate((book) => {
      findGroup(book, groupId);
      let changed = 0;
      for (const address of addresses) {
        const wallet = findWallet(book, address);
        const has = wallet.groupIds.includes(groupId);
        if (member && !has) wallet.groupIds.push(groupId);
        if (!member && has) wallet.groupIds = wallet.groupIds.filter((g) => g !== groupId);
        if (has !== member) changed++;
      }
      return changed;
    });
  }

  /** Adds Ledger accounts; an address already watched becomes a Ledger account (it can now sign). */
  importLedgerAccounts(accounts: readonly LedgerAccount[], groupId?: string): Promise<{ added: number; updated: number }> {
    return this.mutate((book) => {
      if (groupId) findGroup(book, groupId);
      let added = 0;
      let updated = 0;
      for (const account of accounts) {
        // The planner's key signs bundles and nothing else: never a wallet of the book.
        if (isPlannerPath(account.ledger.path)) throw new AppError({ ...PLANNER_PATH_REFUSAL, details: { address: account.address } });
        const address = requireAddress(account.address);
        const existing = book.wallets.find((w) => sameAddress(w.address, address));
        if (existing) {
          existing.source = 'ledger';
          existing.ledger = account.ledger;
          if (groupId && !existing.groupIds.includes(groupId)) existing.groupIds.push(groupId);
          updated++;
        } else {
          book.wallets.push({
            address,
            label: account.label ?? `Ledger ${account.ledger.index}`,
            notes: '',
            source: 'ledger',
            ledger: account.ledger,
            groupIds: groupId ? [groupId] : [],
            addedAt: this.now().toISOString(),
          });
          added++;
        }
      }
      return { added, updated };
    });
  }

  /**
   * Imports a CSV (address,label,notes,groups). Each row is applied or skipped on its own, with
   * the reason; groups the file names are created; `intoGroupId` puts every row in that group too.
   * A known address gets the row's label and notes when they are given; with `keepLabels` it keeps
   * its label (the file's notes and groups still apply).
   */
  importCsv(text: string, intoGroupId?: string, options: { keepLabels?: boolean } = {}): Promise<CsvImportReport> {
    const parsed = parseWalletCsv(text);
    if (!parsed.ok) return Promise.reject(new AppError({ code: 'CSV_REFUSED', message: parsed.reason }));
    return this.mutate((book) => {
      if (intoGroupId) findGroup(book, intoGroupId);
      const report: CsvImportReport = { added: 0, updated: 0, skipped: 0, rows: [], createdGroups: [] };
      for (const row of parsed.rows) {
        const push = (outcome: CsvRowReport['outcome'], reason: string | null) => {
          report.rows.push({ line: row.line, address: row.address, outcome, reason });
          report[outcome === 'added' ? 'added' : outcome === 'updated' ? 'updated' : 'skipped']++;
        };
        if (row.error) {
          push('skipped', row.error);
          continue;
        }
        const groupIds = row.groupNames.map((name) => {
          const found = book.groups.find((g) => g.name.toLowerCase() === name.toLowerCase());
          if (found) return found.id;
          const group: Group = { id: `g_${randomBytes(6).toString('hex')}`, name: name.slice(0, 60), createdAt: this.now().toISOString() };
          book.groups.push(group);
          report.createdGroups.push(group.name);
          return group.id;
        });
        if (intoGroupId) groupIds.push(intoGroupId);
        const existing = book.wallets.find((w) => sameAddress(w.address, row.address));
        if (existing) {
          if (row.label && !options.keepLabels) existing.label = row.label;
          if (row.notes) existing.notes = row.notes;
          for (const g of groupIds) if (!existing.groupIds.includes(g)) existing.groupIds.push(g);
          push('updated', null);
        } else {
          book.wallets.push({
            address: row.address,
            label: row.label,
            notes: row.notes,
            source: 'watch',
            ledger: null,
            groupIds: [...new Set(groupIds)],
            addedAt: this.now().toISOString(),
          });
          push('added', null);
        }
      }
      return report;
    });
  }

  exportCsv(groupId?: string): string {
    return walletsToCsv(this.wallets(groupId), this.data.groups);
  }

  exportJson(groupId?: string): string {
    const wallets = this.wallets(groupId);
    const groupIds = new Set(wallets.flatMap((w) => w.groupIds));
    const book: WalletBookData = { version: 1, wallets, groups: this.data.groups.filter((g) => !groupId || groupIds.has(g.id)) };
    return `${JSON.stringify(book, null, 2)}\n`;
  }

  /** Applies one change to a copy, writes it, and only then makes it the book. */
  private mutate<T>(change: (book: WalletBookData) => T): Promise<T> {
    const run = this.chain.then(async () => {
      const draft = structuredClone(this.data);
      const result = change(draft);
      await this.doc.write(draft);
      this.data = draft;
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}

function requireAddress(input: string): `0x${string}` {
  const checked = checkAddress(input);
  if (!checked.ok) throw new AppError({ code: 'ADDRESS_INVALID', message: `${input.trim().slice(0, 50) || 'The address'}: ${checked.reason}` });
  return checked.address;
}

function findWallet(book: WalletBookData, address: string): Wallet {
  const wallet = book.wallets.find((w) => sameAddress(w.address, address));
  if (!wallet) throw new AppError({ code: 'WALLET_NOT_FOUND', message: `${address} is not in the wallet book.` });
  return wallet;
}

function findGroup(book: WalletBookData, id: string): Group {
  const group = book.groups.find((g) => g.id === id);
  if (!group) throw new AppError({ code: 'GROUP_NOT_FOUND', message: 'That group no longer exists.', action: 'Reload the wallet list.' });
  return group;
}

function knownGroups(book: WalletBookData, ids: readonly string[]): string[] {
  for (const id of ids) findGroup(book, id);
  return [...new Set(ids)];
}

function requireGroupName(book: WalletBookData, name: string, exceptId?: string): string {
  const clean = name.trim();
  if (!clean) throw new AppError({ code: 'GROUP_NAME_INVALID', message: 'Give the group a name.' });
  if (clean.length > 60) throw new AppError({ code: 'GROUP_NAME_INVALID', message: 'A group name has at most 60 characters.' });
  if (book.groups.some((g) => g.id !== exceptId && g.name.toLowerCase() === clean.toLowerCase())) {
    throw new AppError({ code: 'GROUP_EXISTS', message: `There is already a group named "${clean}".` });
  }
  return clean;
}
