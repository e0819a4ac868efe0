/**
 * Ledger's service as a source of certified descriptors for the vault calls. Asked at plan time
 * (the planner knows the vault, hence its contracts) for the pinned registry's addresses only, its
 * answers are kept per chain, contract and selector, so that the device service's synchronous
 * `find` can use them when the review is drafted and when the job goes to the device.
 *
 * A call the service certifies is used only when its unsigned TRANSACTION_INFO and FIELD structures
 * are byte for byte those Vaultdesk's own descriptor for that contract encodes: the review then
 * predicts exactly what the device will show. Anything else (another description, a service that
 * is down or answers garbage) leaves the call blind, with a note saying why. An offline install
 * never asks.
 */
import type { Hex } from 'viem';
import { DEFAULT_MODEL, type LedgerModel } from '../../../../shared/device/models';
import { withdrawQueueOf } from '../../../../shared/registry/schemas';
import { calldataStructures, describedCalls, withSignature, type DescribedCall, type Erc7730Descriptor } from '../calldata-descriptors';
import type { CalldataDescriptorSource, CertifiedCall, PinnedVaultCalls } from '../clear-signing';
import { deploymentDescriptor } from '../vault-descriptors';
import { fetchCalldataCertificate, fetchCalldataDescriptors, LEDGER_SERVICE_URL, type ServedCalls, type ServiceSignatures } from './cal-client';
import type { CarriedCall } from './carried-call';

/** The models with the generic parser whose certificate the service is asked for (Nano S stops before it). */
const CLEAR_SIGNING_MODELS: readonly LedgerModel[] = ['nanoSP', 'nanoX', 'stax', 'flex', 'apex'];

interface LedgerServiceConfig {
  /** The service's base URL (Ledger's production service unless set). */
  url?: string;
  signatures?: ServiceSignatures;
}

interface LedgerServiceOptions {
  config: () => Promise<LedgerServiceConfig>;
  /** An offline install: the service is never asked. */
  offline: () => boolean;
  fetch?: typeof fetch;
  /** How long an answer is taken as current before the next plan asks again (it is still used until replaced). */
  maxAgeMs?: number;
  now?: () => number;
}

interface Accepted {
  descriptor: Erc7730Descriptor;
  call: DescribedCall;
  info: Uint8Array;
  fields: Uint8Array[];
}

interface ContractEntry {
  fetchedAt: number;
  /** By selector: the certified call, or why it is signed blind. */
  calls: Map<string, Accepted | { note: string }>;
}

const DIFFERS = "Ledger's service describes this call differently from Vaultdesk; it is signed blind.";

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}` as Hex;

/** Vaultdesk's own descriptors for a pinned vault's contracts (epoch vault, deposit and withdraw queue). */
function ownDescriptors({ vault, generations }: PinnedVaultCalls): { address: string; descriptor: Erc7730Descriptor }[] {
  const c = vault.contracts;
  const roles = [
    { address: c.epochVault, generation: generations.epochVault },
    { address: c.queue, generation: generations.queue },
    { address: withdrawQueueOf(c), generation: generations.withdrawQueue },
  ];
  const out: { address: string; descriptor: Erc7730Descriptor }[] = [];
  for (const { address, generation } of roles) {
    if (!address || !generation || out.some((o) => o.address.toLowerCase() === address.toLowerCase())) continue;
    const descriptor = deploymentDescriptor(generation, { chainId: vault.chainId, address, underlyingToken: c.underlying, trancheToken: c.tranche });
    if (descriptor) out.push({ address, descriptor });
  }
  return out;
}

export class LedgerServiceSource implements CalldataDescriptorSource {
  private readonly contracts = new Map<string, ContractEntry>();
  private certificates: { fetchedAt: number; byModel: Map<LedgerModel, Uint8Array> } | null = null;

  constructor(private readonly options: LedgerServiceOptions) {}

  /**
   * Asks the service about a vault's contracts (unless its answer is still current) and answers the
   * notes the review shows: the calls it describes differently, or that it could not be asked.
   */
  async prepare(pinned: PinnedVaultCalls): Promise<string[]> {
    if (this.options.offline()) return [];
    const own = ownDescriptors(pinned);
    const chainId = pinned.vault.chainId;
    const now = (this.options.now ?? Date.now)();
    const maxAge = this.options.maxAgeMs ?? 10 * 60_000;
    const stale = own.filter(({ address }) => {
      const entry = this.contracts.get(key(chainId, address));
      return !entry || now - entry.fetchedAt > maxAge;
    });
    if (stale.length > 0) {
      const config = await this.options.config();
      const client = { baseUrl: config.url ?? LEDGER_SERVICE_URL, signatures: config.signatures ?? 'prod', ...(this.options.fetch ? { fetch: this.options.fetch } : {}) };
      try {
        const served = await fetchCalldataDescriptors(client, chainId, stale.map((s) => s.address));
        const entries = stale.map(({ address, descriptor }) => [address, compare(descriptor, chainId, address, served.get(address.toLowerCase()))] as const);
        if (entries.some(([, e]) => [...e.calls.values()].some((c) => 'info' in c))) await this.loadCertificates(client, now, maxAge);
        for (const [address, entry] of entries) this.contracts.set(key(chainId, address), { ...entry, fetchedAt: now });
      } catch (err) {
        const asked = `Ledger's service (${hostOf(client.baseUrl)}) could not be asked (${(err as Error).message})`;
        // An earlier answer stays in use (the device checks Ledger's signature anyway), so a plan reviewed in clear is signed in clear.
        const earlier = stale.map(({ address }) => this.contracts.get(key(chainId, address))?.fetchedAt).filter((at) => at !== undefined);
        if (earlier.length > 0) return [`${asked}: its answer of ${new Date(Math.min(...earlier)).toISOString()} is used; a call it did not certify then is signed blind.`];
        return [`${asked}: this plan's vault calls are signed blind, by their hash. Check its address in Settings, or compare each hash on the Ledger.`];
      }
    }
    const notes: string[] = [];
    for (const { address } of own) {
      for (const call of this.contracts.get(key(chainId, address))?.calls.values() ?? []) {
        if ('note' in call) notes.push(call.note);
      }
    }
    return notes;
  }

  find(chainId: number, to: string, selector: Hex): CertifiedCall | null {
    const accepted = this.accepted(chainId, to, selector);
    const byModel = this.certificates?.byModel;
    const certificate = byModel?.get(DEFAULT_MODEL) ?? byModel?.values().next().value;
    if (!accepted || !certificate) return null;
    return { descriptor: accepted.descriptor, call: accepted.call, certificate, info: accepted.info, fields: accepted.fields };
  }

  /** The certified call in the form a signing job carries to the device (hex strings), or null. */
  carried(chainId: number, to: string, selector: Hex): CarriedCall | null {
    const accepted = this.accepted(chainId, to, selector);
    if (!accepted || !this.certificates) return null;
    return {
      descriptor: accepted.descriptor,
      certificates: Object.fromEntries([...this.certificates.byModel].map(([model, cert]) => [model, hex(cert)])),
      info: hex(accepted.info),
      fields: accepted.fields.map(hex),
    };
  }

  private accepted(chainId: number, to: string, selector: Hex): Accepted | null {
    const call = this.contracts.get(key(chainId, to))?.calls.get(selector.toLowerCase());
    return call && 'info' in call ? call : null;
  }

  private async loadCertificates(client: Parameters<typeof fetchCalldataCertificate>[0], now: number, maxAge: number): Promise<void> {
    if (this.certificates && now - this.certificates.fetchedAt <= maxAge) return;
    const results = await Promise.allSettled(CLEAR_SIGNING_MODELS.map((model) => fetchCalldataCertificate(client, model)));
    const byModel = new Map<LedgerModel, Uint8Array>();
    results.forEach((r, i) => r.status === 'fulfilled' && byModel.set(CLEAR_SIGNING_MODELS[i]!, r.value));
    if (byModel.size === 0) throw new Error(results.find((r) => r.status === 'rejected')?.reason?.message ?? 'it gave no calldata certificate');
    this.certificates = { fetchedAt: now, byModel };
  }
}

const key = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Each of our calls the service certifies, kept only when its structures are ours byte for byte. */
function compare(descriptor: Erc7730Descriptor, chainId: number, address: string, served: ServedCalls | undefined): Omit<ContractEntry, 'fetchedAt'> {
  const calls: ContractEntry['calls'] = new Map();
  for (const call of describedCalls(descriptor)) {
    const theirs = served?.get(call.selector.toLowerCase());
    if (!theirs) continue;
    const which = `${call.format.intent} (${call.fn.name} on ${address})`;
    if ('unreadable' in theirs) {
      calls.set(call.selector, { note: `${which}: Ledger's service answered for this call, but ${theirs.unreadable}; it is signed blind.` });
      continue;
    }
    const ours = calldataStructures(descriptor, call, chainId, address);
    const equal = same(theirs.unsignedInfo, ours.unsignedInfo) && theirs.fields.length === ours.fields.length && theirs.fields.every((f, i) => same(f, ours.fields[i]!));
    calls.set(call.selector, equal ? { descriptor, call, info: withSignature(ours.unsignedInfo, theirs.signature), fields: ours.fields } : { note: `${which}: ${DIFFERS}` });
  }
  return { calls };
}
