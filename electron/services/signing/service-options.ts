import type { PublicClient } from 'viem';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Plan } from '../../../shared/signing/schemas';
import type { Logger } from '../log/logger';
import type { FirstSeenPolicy, VaultRegistry } from '../registry';
import type { JournalKeys } from '../secrets/journal-key';
import type { ServiceClient } from '../service-client';
import type { SigningDevice } from './device-delivery';
import type { CalldataDescriptorSource } from '../device/clear-signing';
import type { SimulateRemaining } from './fork-check';

/** What the signing pipeline is built from (see README.md): the console, the batch runner and the tests compose it. */
export interface SigningServiceOptions {
  /** The app's data folder; journals go to `<dataDir>/journals/`. */
  dataDir: string;
  /**
   * The keychain's keys of this data folder's journals: every journal is sealed with one (a MAC),
   * and one whose seal does not match what it holds is refused. No keychain: nothing is journaled.
   */
  journalKeys: JournalKeys;
  device: SigningDevice;
  /** The certified ERC-7730 descriptors the device service signs with (the same source): reviews predict clear signing from them. */
  calldataDescriptors?: CalldataDescriptorSource;
  /** A portfolio view holding these wallets (vaults, requests), at most `maxAgeMs` old: the console's last (PortfolioService.viewOf), or a new load. */
  loadPortfolio: (wallets: { address: `0x${string}`; label: string }[], maxAgeMs: number) => Promise<Portfolio>;
  /** A client for a chain id (the same RPC the portfolio reads). */
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  service: () => Promise<ServiceClient>;
  /** The pinned vault registry of this data folder: every plan, every batch and every step passes its gate. */
  registry: VaultRegistry;
  /** What a plan on a vault not pinned yet does: refused with a way to pin it, or pinned once its checks pass. */
  firstSeen: FirstSeenPolicy;
  log?: Logger;
  /** How long to watch for a receipt before leaving the item `broadcast` (default 3 min). */
  receiptTimeoutMs?: number;
  receiptPollingMs?: number;
  /** Runs a batch's remaining transactions on forks before the device: an item that reverts there is held. */
  simulateBeforeDevice?: SimulateRemaining;
  /**
   * Told when a plan is kept (its forks start in the background while the operator reviews it),
   * started as a batch, or dropped (pushed out by newer plans): their forks stop then.
   */
  planEvents?: { kept(plan: Plan): void; started(planId: string): void; dropped(planId: string): void };
}
