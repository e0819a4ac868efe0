/**
 * Plans drafted by the project's own rules and drafting code (no hand-written calldata), turned into
 * bundles, and signed with local keys standing for the Ledger: the material of the tamper tests.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { hashMessage, hashTypedData, hexToBytes, keccak256, toBytes, type Hex } from 'viem';
import { secp256k1 } from '@noble/curves/secp256k1';
import { buildDraft } from '../../electron/services/signing/drafts';
import { personalMessageScreens } from '../../shared/device/screens';
import { planClaims, planDeposit, type TxStep, type VaultFacts, type WalletFacts } from '../../shared/signing/rules';
import { newBatchItem } from '../../shared/signing/item';
import type { BatchItem, Plan, PlanVault, SigningAction } from '../../shared/signing/schemas';
import type { PinnedVault } from '../../shared/registry/schemas';
import { draftRegistry, registryTypedData, signedRegistryText, type SignedRegistry } from '../../shared/registry/signed-file';
import {
  buildSignedBundle,
  draftUnsignedBundle,
  plannerTypedData,
  signedByPlanner,
  bundleText,
  type Reviewer,
  type BundleSnapshot,
  type SignedItem,
  type UnsignedBundle,
  type BundleSimulation,
} from '../../shared/bundles';

export const DEFAULT_VAULT: PlanVault = {
  id: '65a1f0c2b3d4e5f607182930',
  name: 'Alpha Credit USDC',
  chainId: 31337,
  state: 'WAITING',
  epochVault: '0x1111111111111111111111111111111111111111',
  queue: '0x2222222222222222222222222222222222222222',
  strategy: '0x3333333333333333333333333333333333333333',
  tranche: { symbol: 'AA_alpha', decimals: 18, address: '0x4444444444444444444444444444444444444444' },
  underlying: { symbol: 'USDC', decimals: 6, address: '0x5555555555555555555555555555555555555555' },
};

// The wallets of these tests are well-known development keys; the stranger and the planner are keys of these tests only.
export const KEYS = {
  W0: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  W1: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  stranger: keccak256(toBytes('vaultdesk test stranger')),
  /**
   * The planner's Ledger account: a key of these tests only (keccak256 of "vaultdesk test planner"),
   * never a public development key, which no install outside a demo run trusts as a planner.
   */
  planner: keccak256(toBytes('vaultdesk test planner')),
  /** anvil's account 0 (44'/60'/0'/0/0 of the public test mnemonic): a key anyone can sign with. */
  anvil0: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
} as const;
export const ACCOUNTS = {
  W0: privateKeyToAccount(KEYS.W0),
  W1: privateKeyToAccount(KEYS.W1),
  stranger: privateKeyToAccount(KEYS.stranger),
  planner: privateKeyToAccount(KEYS.planner),
  anvil0: privateKeyToAccount(KEYS.anvil0),
};
/** The offline install's reviewer, as its Ledger names it. */
export const REVIEWER: Reviewer = { address: ACCOUNTS.planner.address, path: "44'/60'/0'/0/0" };

/** A signature of a 32-byte digest with a key, synchronously: r ‖ s ‖ v (27/28), low s. */
function signDigest(digest: Hex, key: Hex): Hex {
  const sig = secp256k1.sign(hexToBytes(digest), hexToBytes(key));
  return `0x${sig.toCompactHex()}${(27 + sig.recovery).toString(16)}` as Hex;
}

/** personal_sign of a text with a key, synchronously (what a wallet gives for an agreement). */
export function personalSign(text: string, key: Hex): Hex {
  return signDigest(hashMessage(text), key);
}

/** The planner's EIP-712 signature of a bundle's plan hash with a key, synchronously (as its Ledger signs it). */
export function plannerSign(draft: object, key: Hex): Hex {
  return signDigest(hashTypedData(plannerTypedData(draft)), key);
}

/**
 * The bundle signed again by a planner (the trusted one unless another key is given) and sealed:
 * what a bundle changed on the way looks like once someone with that key signed it.
 */
export function signAsPlanner<T extends object>(bundle: T, key: keyof typeof KEYS | Hex = 'planner'): UnsignedBundle {
  const { planner: _p, checksum: _c, ...draft } = bundle as T & { planner?: unknown; checksum?: unknown };
  const privateKey = key.startsWith('0x') ? (key as Hex) : KEYS[key as keyof typeof KEYS];
  const signature = plannerSign(draft, privateKey);
  return signedByPlanner(draft as unknown as Parameters<typeof signedByPlanner>[0], { address: privateKeyToAccount(privateKey).address, signature });
}
/** A wallet of a fixture plan: where it signs, and its next nonce. */
export interface FixtureWallet {
  address: string;
  label: string;
  path: string;
  nonce: number;
}
export const DEFAULT_WALLETS: FixtureWallet[] = [
  { address: ACCOUNTS.W0.address, label: 'Treasury 1', path: "44'/60'/0'/0/10", nonce: 14 },
  { address: ACCOUNTS.W1.address, label: 'Treasury 2', path: "44'/60'/0'/0/11", nonce: 3 },
];
const DEFAULT_FEES = { maxFeePerGas: 2_000_000_008n, maxPriorityFeePerGas: 1_000_000_000n };

const vaultFacts: VaultFacts = {
  state: 'WAITING',
  paused: false,
  hasQueue: true,
  epochNumber: 2,
  allowInstantWithdraw: false,
  epochs: new Map([[2, { price: 1_010_000n, withdrawPrice: 1_005_000n, pendingClaims: 0n }]]),
};

function walletFacts(): WalletFacts {
  return {
    allowed: true,
    gasBalance: 10n ** 18n,
    underlyingBalance: 5_000_000_000n,
    trancheBalance: 10n ** 21n,
    allowance: { underlyingToVault: 0n, underlyingToQueue: 0n, trancheToQueue: 0n },
    maxWithdrawable: 1_000_000_000n,
    redeem: { standard: 0n, instant: 0n, lastRequestEpoch: 0 },
    queue: new Map([[2, { deposit: 300_000_000n, withdraw: 0n }]]),
    unsignedAgreements: [],
  };
}

const selected = (wallets: FixtureWallet[]) => wallets.map(({ address, label, path }) => ({ address, label, path }));

function baseItemOf(VAULT: PlanVault, w: { address: string; label: string; path: string }, seq: number, patch: Partial<BatchItem>): BatchItem {
  const id = `${String(seq).padStart(3, '0')}-${w.address.slice(2, 8).toLowerCase()}`;
  const where = { chainId: VAULT.chainId, vaultId: VAULT.id, vaultName: VAULT.name };
  return newBatchItem({ id, wallet: w.address, label: w.label, path: w.path, ...where, action: 'deposit' }, patch);
}

export const AGREEMENT = { id: 'sig-terms', code: 'TERMS_OF_SERVICE', title: 'Terms of Service', text: 'I accept the Terms of Service of Alpha Credit.' };

/** A plan as the planner makes it: deposits (approve + depositAA), claims, or agreements, for W0 and W1. */
/** What a tampered plan changes while staying consistent (its calldata and reviews drafted again). */
export interface FixtureOptions {
  vault?: PlanVault;
  fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  approval?: 'exact' | 'unlimited';
  /** The planner's simulation to carry (see `fixtureSimulation`); none when absent. */
  simulation?: (plan: Plan) => BundleSimulation;
  /** (agreements) The text the service gave for the agreement, instead of AGREEMENT.text. */
  agreementText?: string;
  /** The bundle's creation time (its planner signs it); an hour ago by default. */
  createdAt?: string;
}

export function makePlan(
  action: Extract<SigningAction, 'deposit' | 'claim' | 'agreements'>,
  wallets: FixtureWallet[] = DEFAULT_WALLETS,
  options: FixtureOptions = {},
): Plan {
  const VAULT = options.vault ?? DEFAULT_VAULT;
  const FEES = options.fees ?? DEFAULT_FEES;
  const baseItem = (w: { address: string; label: string; path: string }, seq: number, patch: Partial<BatchItem>) => baseItemOf(VAULT, w, seq, patch);
  const items: BatchItem[] = [];
  let seq = 0;
  for (const [n, w] of wallets.entries()) {
    if (action === 'agreements') {
      const text = options.agreementText ?? AGREEMENT.text;
      items.push(
        baseItem(w, ++seq, {
          action,
          step: 'agreement',
          message: { signatureId: AGREEMENT.id, text },
          review: {
            kind: 'message',
            title: `Sign "${AGREEMENT.title}"`,
            signatureId: AGREEMENT.id,
            code: AGREEMENT.code,
            text,
            deviceScreens: personalMessageScreens(new TextEncoder().encode(text)),
          },
        }),
      );
      continue;
    }
    const verdict =
      action === 'deposit'
        ? planDeposit(vaultFacts, walletFacts(), 250_500_000n, { approval: options.approval ?? 'exact' })
        : planClaims(vaultFacts, walletFacts(), [{ id: `r-${n}`, type: 'DEPOSIT', status: 'PROCESSED', isInstant: false, epochNumber: 2 }], null);
    if (!verdict.ok) throw new Error(verdict.reason);
    let nonce = w.nonce;
    let previous: BatchItem | null = null;
    for (const step of verdict.steps as TxStep[]) {
      const draft = buildDraft({ vault: VAULT, step, nonce: nonce++, fees: FEES, gas: { gas: 120_000n, estimated: previous === null } });
      const item: BatchItem = baseItem(w, ++seq, {
        action,
        step: step.step,
        tx: draft.tx,
        review: draft.review,
        dependsOn: previous && previous.step === 'approve' ? previous.id : null,
      });
      items.push(item);
      previous = item;
    }
  }
  return {
    id: 'plan-20261123193500-0a1b2c3d',
    createdAt: '2026-11-23T19:35:00.000Z',
    selection: { vaultId: VAULT.id, wallets: selected(wallets), action, ...(action === 'deposit' ? { amount: '250.5' } : {}), approval: 'exact' },
    vault: VAULT,
    wallets: wallets.map((w) => ({ address: w.address, label: w.label, ok: true, reason: null, kycLink: null })),
    items,
    needsBlindSigningAck: action !== 'agreements',
    warnings: [],
  };
}

export function makeSnapshot(plan: Plan, wallets: FixtureWallet[] = DEFAULT_WALLETS): BundleSnapshot {
  const VAULT = plan.vault;
  const hasTx = plan.items.some((i) => i.tx);
  return {
    takenAt: '2026-11-23T19:34:58.000Z',
    source: { kind: 'simulation', seed: 3, wallets: 12 },
    block: { chainId: VAULT.chainId, number: '204', timestamp: 1801078550, baseFeePerGas: '7' },
    vault: {
      id: VAULT.id,
      name: VAULT.name,
      chainId: VAULT.chainId,
      chainName: 'Local 31337',
      status: 'ACTIVE',
      state: 'WAITING',
      paused: false,
      epochNumber: 2,
      epochStart: 1801000000,
      epochEnd: 1801600000,
      epochDuration: 600000,
      bufferPeriod: 86400,
      allowInstantWithdraw: false,
      instantRule: null,
      apr: { current: 9.8, last: 10.2 },
      price: '1010000',
      tvl: '1500000000000',
      queues: null,
      kyc: { required: true, link: 'https://kyc.example.com/alpha' },
      lenderSignatureIds: [AGREEMENT.id],
      queueEpochs: [{ epoch: 2, price: '1010000', withdrawPrice: '1005000', pendingClaims: '0' }],
    },
    epochs: { readAt: '2026-11-23T19:34:59.000Z', rows: [{ count: 1, status: 'CLOSED', startDate: 1800000000, endDate: 1800600000, apr: 9.5, lastApr: null, withdrawType: 'STANDARD' }] },
    wallets: wallets.map((w) => ({
      address: w.address,
      label: w.label,
      nonce: hasTx ? w.nonce : null,
      allowed: true,
      gasBalance: '1000000000000000000',
      underlyingBalance: '5000000000',
      trancheBalance: '1000000000000000000000',
      maxWithdrawable: '1000000000',
      allowance: { underlyingToVault: '0', underlyingToQueue: '0', trancheToQueue: '0' },
      redeem: { standard: '0', instant: '0', lastRequestEpoch: 0 },
      queue: [{ epoch: 2, deposit: '300000000', withdraw: '0' }],
      unsignedAgreements: plan.selection.action === 'agreements' ? [AGREEMENT.id] : null,
    })),
    requests: [],
  };
}

export function makeUnsigned(
  action: Extract<SigningAction, 'deposit' | 'claim' | 'agreements'> = 'deposit',
  wallets: FixtureWallet[] = DEFAULT_WALLETS,
  options: FixtureOptions = {},
): UnsignedBundle {
  const plan = makePlan(action, wallets, options);
  return signAsPlanner(draftUnsignedBundle(plan, makeSnapshot(plan, wallets), options.createdAt ?? FIXTURE_CREATED_AT, options.simulation?.(plan)));
}

/**
 * When the fixture bundles were made: an hour before the tests run, so that an offline install
 * (whose policy refuses bundles older than a week) reviews them whatever the day.
 */
export const FIXTURE_CREATED_AT = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000).toISOString();

/**
 * What the online install's fork simulation of a fixture plan gives, as the bundle carries it: each
 * transaction succeeds (the underlying leaving its wallet for the epoch vault on a deposit), unless
 * `reverts` names its position.
 */
export function fixtureSimulation(plan: Plan, options: { block?: string; reverts?: number } = {}): BundleSimulation {
  const transactions = plan.items.filter((i) => i.tx);
  const V = plan.vault;
  const items = transactions.map((item, n): BundleSimulation['items'][number] => {
    const reverts = options.reverts === n;
    const moves = item.step !== 'approve' && !reverts;
    return {
      itemId: item.id,
      wallet: item.wallet,
      chainId: V.chainId,
      call: item.step === 'approve' ? 'underlying.approve' : `epochVault.${item.review?.kind === 'transaction' ? item.review.functionName : item.step}`,
      ran: true,
      ok: !reverts,
      revert: reverts
        ? { reason: 'EpochNotRunning()', error: { code: 'SIMULATION_REVERTED', message: 'The vault is not taking deposits now.', action: 'Plan again once its epoch opens.' } }
        : null,
      gasUsed: reverts ? null : '51234',
      deltas: moves
        ? [
            { wallet: item.wallet, token: V.underlying.address, symbol: V.underlying.symbol, decimals: V.underlying.decimals, amount: '-250500000' },
            { wallet: V.epochVault!, token: V.underlying.address, symbol: V.underlying.symbol, decimals: V.underlying.decimals, amount: '250500000' },
          ]
        : [],
      allowances: [],
      events: moves ? [{ kind: 'deposit-request', epoch: '3', text: 'Deposit request of 250.5 USDC for epoch 3' }] : [],
      truncated: false,
      note: null,
    };
  });
  const deposits = items.filter((i) => i.deltas.length > 0).length;
  return {
    planId: plan.id,
    simulatedAt: '2026-11-23T19:35:30.000Z',
    status: 'simulated',
    chains: [{ chainId: V.chainId, method: 'fork', block: options.block ?? '204', reason: null, fundedGas: [], startMs: 380, runMs: 120 }],
    items,
    totals: {
      perToken: deposits ? [{ token: V.underlying.address, symbol: V.underlying.symbol, decimals: V.underlying.decimals, amount: String(-250_500_000 * deposits) }] : [],
      perWallet: [],
    },
    notes: [],
  };
}

const accountOf = (address: string) => Object.values(ACCOUNTS).find((a) => a.address.toLowerCase() === address.toLowerCase())!;

/** Signs every item as the device would (by the item's own wallet, unless `signer` says otherwise). */
export async function signItems(bundle: UnsignedBundle, signer?: (index: number) => keyof typeof ACCOUNTS | null): Promise<SignedItem[]> {
  const out: SignedItem[] = [];
  for (const item of bundle.items) {
    const chosen = signer?.(item.index);
    const account = chosen ? ACCOUNTS[chosen] : accountOf(item.wallet.address);
    if (item.kind === 'message') {
      out.push({ index: item.index, id: item.id, state: 'signed', note: null, transaction: null, signature: await account.signMessage({ message: item.message.text }), signedAt: '2026-11-23T20:00:00.000Z' });
      continue;
    }
    const t = item.transaction;
    const serialized = await account.signTransaction({
      type: 'eip1559',
      chainId: t.chainId,
      nonce: t.nonce,
      to: t.to as Hex,
      data: t.data as Hex,
      value: BigInt(t.value),
      gas: BigInt(t.gas),
      maxFeePerGas: BigInt(t.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(t.maxPriorityFeePerGas),
    });
    out.push({
      index: item.index,
      id: item.id,
      state: 'signed',
      note: null,
      transaction: { serialized, hash: keccak256(serialized), signingHash: item.review.signingHash },
      signature: null,
      signedAt: '2026-11-23T20:00:00.000Z',
    });
  }
  return out;
}

export async function makeSignedText(action: Extract<SigningAction, 'deposit' | 'claim' | 'agreements'> = 'deposit', options: FixtureOptions = {}): Promise<string> {
  const unsigned = makeUnsigned(action, undefined, options);
  return bundleText(buildSignedBundle(unsigned, await signItems(unsigned), '2026-11-23T20:01:00.000Z', REVIEWER));
}

/** The registry entry an install that pinned this vault holds (as the online install exports it). */
export function pinnedOf(vault: PlanVault = DEFAULT_VAULT): PinnedVault {
  return {
    vaultId: vault.id,
    name: vault.name,
    chainId: vault.chainId,
    contracts: {
      epochVault: vault.epochVault,
      queue: vault.queue,
      tranche: vault.tranche.address,
      underlying: vault.underlying.address,
      strategy: vault.strategy,
      keyring: null,
    },
    tokens: {
      underlying: { symbol: vault.underlying.symbol, decimals: vault.underlying.decimals },
      tranche: { symbol: vault.tranche.symbol, decimals: vault.tranche.decimals },
      strategy: { symbol: 'STRAT', decimals: 18 },
    },
    pinnedAt: '2026-11-20T10:00:00.000Z',
    pinnedBy: 'the operator, in the console',
    pinnedAtBlock: '180',
    frozen: null,
  };
}

/** A registry file as `registry.export` wrote it before it was signed (what an offline install now refuses). */
export function unsignedRegistryText(vaults: PinnedVault[] = [pinnedOf()]): string {
  return `${JSON.stringify({ schemaVersion: 1, vaults }, null, 2)}\n`;
}

/** The registry file as the online install exports it: signed by its planner (the test planner unless another key is given). */
export function signedRegistry(vaults: PinnedVault[] = [pinnedOf()], key: keyof typeof KEYS | Hex = 'planner'): SignedRegistry {
  const privateKey = key.startsWith('0x') ? (key as Hex) : KEYS[key as keyof typeof KEYS];
  const draft = draftRegistry({ schemaVersion: 1, vaults }, FIXTURE_CREATED_AT);
  return { ...draft, planner: { address: privateKeyToAccount(privateKey).address, signature: signDigest(hashTypedData(registryTypedData(draft)), privateKey) } };
}

/** The signed registry file's text. */
export function registryText(vaults: PinnedVault[] = [pinnedOf()], key: keyof typeof KEYS | Hex = 'planner'): string {
  return signedRegistryText(signedRegistry(vaults, key));
}

/** A refusal as the bundle checks throw it: a code, a message and what to do. */
export type Refusal = { code: string; message: string; action?: string };

/** What `fn` throws; fails the test if the bundle was accepted. */
export function refusalOf(fn: () => unknown): Refusal {
  try {
    fn();
  } catch (err) {
    return err as Refusal;
  }
  throw new Error('the bundle was accepted');
}

/** What `fn` rejects with; fails the test if the bundle was accepted. */
export async function asyncRefusalOf(fn: () => unknown): Promise<Refusal> {
  try {
    await fn();
  } catch (err) {
    return err as Refusal;
  }
  throw new Error('the bundle was accepted');
}
