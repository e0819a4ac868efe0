import type { CalldataDescriptorSource } from '../../device/clear-signing';
import type { PublicClient } from 'viem';
import { EXPLORER_BY_CHAIN_ID, hostOf } from '../../../../shared/domain/external-links';
import { AppError, isAppError, toAppErrorData } from '../../../../shared/errors';
import { checkAgreementText } from '../../../../shared/signing/agreement-text';
import type { Portfolio, PortfolioVault, RequestRow } from '../../../../shared/portfolio/schemas';
import type { WalletFacts } from '../../../../shared/signing/rules';
import type { PlanVault, Selection } from '../../../../shared/signing/schemas';
import { withdrawQueueOf } from '../../../../shared/registry/schemas';
import type { VerifiedVault } from '../../registry';
import type { ServiceClient } from '../../service-client';
import { readChainFacts, type ChainFacts } from '../../chain-facts/vault-facts';
import { ChainFactsReader, type ChainMoment } from '../../chain-facts/moment';

/** What planning reads: the portfolio of the wallets, the chain, and the service's agreement checks. */
export interface PlannerDeps {
  /**
   * A portfolio view the wallets are in (the catalog's vaults and the service's requests), at most
   * `maxAgeMs` old (the console's last view, else a new read); the chain's facts are read again.
   */
  loadPortfolio: (wallets: { address: `0x${string}`; label: string }[], maxAgeMs: number) => Promise<Portfolio>;
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  service: () => Promise<ServiceClient>;
  /**
   * The vault's pinned contracts, checked on chain at the plan's moment (the registry, with the
   * install's rule for vaults seen for the first time). Plans are made from these, never from the
   * addresses or decimals the service gives. `portfolio`: what the service lists now, beside it.
   */
  verifyVault: (vault: PortfolioVault, at: ChainMoment, portfolio: Pick<Portfolio, 'vaults' | 'sources'>) => Promise<VerifiedVault>;
  /** The certified descriptors the device service signs with: the review predicts clear signing from them. */
  calldataDescriptors?: CalldataDescriptorSource;
}

export type AgreementStatus = { unsigned: WalletFacts['unsignedAgreements'] } | { error: string };

/** Everything a plan is decided from, read once. */
export interface PlanFacts {
  /** The catalog's vault, as the portfolio has it. */
  catalog: PortfolioVault;
  vault: PlanVault;
  client: PublicClient;
  /** The catalog's requests of the selected wallets in this vault. */
  requests: RequestRow[];
  takenAt: string;
  chain: ChainFacts;
  /** Per wallet (lower case), for deposits and agreements only. */
  agreements: Map<string, AgreementStatus> | null;
  /** The registry's entry the plan is made from, and the block it was checked at. */
  pinned: VerifiedVault;
}

/** How old a portfolio view a plan takes its vault from (the screens refresh every 30 s). */
const PLAN_VIEW_MAX_AGE_MS = 60_000;

const decodeBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

/**
 * The catalog's vault with the registry's contracts and tokens in place of the service's: every
 * address a transaction names and every decimal an amount is read with come from the pinned set.
 */
function withPinned(pv: PortfolioVault, { vault: pinned }: VerifiedVault): PortfolioVault {
  const c = pinned.contracts;
  return {
    ...pv,
    epochVault: c.epochVault,
    queue: c.queue,
    withdrawQueue: withdrawQueueOf(c),
    strategy: c.strategy,
    tranche: { address: c.tranche, symbol: pinned.tokens.tranche.symbol, decimals: pinned.tokens.tranche.decimals },
    underlying: { address: c.underlying, symbol: pinned.tokens.underlying.symbol, decimals: pinned.tokens.underlying.decimals },
  };
}

/** The vault as a plan names it, from the catalog. */
function planVault(pv: PortfolioVault): PlanVault {
  return {
    id: pv.id,
    name: pv.name,
    chainId: pv.chain.chainId,
    state: pv.cycle?.state ?? 'UNKNOWN',
    epochVault: pv.epochVault,
    queue: pv.queue,
    withdrawQueue: pv.withdrawQueue,
    strategy: pv.strategy,
    tranche: pv.tranche,
    underlying: pv.underlying,
  };
}

/**
 * What a selection is planned from: the portfolio view finds the vault and the requests, the chain
 * gives today's figures through the plan's facts reader (the registry's relations and the vault's
 * facts at one block of its chain; a plan over several vaults shares one reader).
 */
export async function readPlanFacts(deps: PlannerDeps, selection: Selection, reader = new ChainFactsReader(deps.chain)): Promise<PlanFacts> {
  const wallets = selection.wallets.map((w) => ({ address: w.address as `0x${string}`, label: w.label }));
  // A claim or a cancel acts on the service's requests: read now, with one made a moment ago. Any
  // other plan takes the console's view of the last minute (two of the screens' refreshes) for its
  // vault and requests: what decides it is read from the chain below.
  const actsOnRequests = selection.action === 'claim' || selection.action === 'cancel';
  const portfolio = await deps.loadPortfolio(wallets, actsOnRequests ? 0 : PLAN_VIEW_MAX_AGE_MS);
  const listed = portfolio.vaults.find((v) => v.id === selection.vaultId);
  if (!listed)
    throw new AppError({
      code: 'SIGNING_VAULT_NOT_FOUND',
      message: 'The vault is not in the catalog.',
      action: 'Refresh the portfolio and choose the vault again.',
    });
  const addresses = wallets.map((w) => w.address);
  // The agreements first: a text no honest agreement would have refuses the plan before any chain
  // is read or any vault pinned (it is about the service and the vault, not the chain).
  const needsAgreements = selection.action === 'deposit' || selection.action === 'agreements';
  const agreements = needsAgreements ? await agreementStatus(deps, listed, addresses) : null;
  // A signature is bound to the chain id: an RPC for another chain would take nothing we sign (the pin asks it).
  const moment = await reader.at(listed.chain.chainId, listed.name).catch((err: unknown) => {
    throw wrongChain(err, listed);
  });
  const pinned = await deps.verifyVault(listed, moment, portfolio);
  const catalog = withPinned(listed, pinned);
  const vault = planVault(catalog);
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  const requests = portfolio.requests.filter((r) => r.vaultId === catalog.id && wanted.has(r.wallet.toLowerCase()));
  const takenAt = new Date().toISOString();
  const chain = await readChainFacts(moment, catalog, addresses, requests, { baseFee: true });
  vault.state = chain.vault.state;
  return { catalog, vault, client: moment.client, requests, takenAt, chain, agreements, pinned };
}

/** The pin's refusal of an RPC answering for another chain, in the planner's words; any other failure as it is. */
function wrongChain(err: unknown, vault: PortfolioVault): unknown {
  if (!isAppError(err) || err.code !== 'CHAIN_WRONG_ID') return err;
  const answered = (err.details as { answered?: number } | undefined)?.answered;
  return new AppError({
    code: 'SIGNING_WRONG_CHAIN',
    message: `The RPC address for ${vault.name} answers for chain ${answered ?? 'another id'}, not ${vault.chain.chainId}.`,
    action: 'Correct the RPC addresses of this chain in Settings → Chains.',
  });
}

/** Per wallet: the LENDER agreements it has not signed, or why that could not be checked. */
async function agreementStatus(deps: PlannerDeps, vault: PortfolioVault, wallets: readonly string[]): Promise<Map<string, AgreementStatus>> {
  const signatureIds = vault.lenderSignatureIds;
  const out = new Map<string, AgreementStatus>();
  if (signatureIds.length === 0) {
    for (const w of wallets) out.set(w.toLowerCase(), { unsigned: [] });
    return out;
  }
  let definitions: WalletFacts['unsignedAgreements'][number][];
  let client: ServiceClient;
  try {
    client = await deps.service();
    const listed = await client.listSignatures(signatureIds);
    definitions = listed.data.map((d) => ({
      id: d._id,
      ...(d.code ? { code: d.code } : {}),
      title: d.title?.en ?? d.code ?? d._id,
      text: decodeBase64(d.walletMessage ?? ''),
      origin: `From the service at ${client.baseUrl}: agreement record ${d._id} of the vault ${vault.name} (${vault.id}).`,
    }));
  } catch (err) {
    const reason = `The agreements could not be read from the service: ${toAppErrorData(err).message}`;
    for (const w of wallets) out.set(w.toLowerCase(), { error: reason });
    return out;
  }
  // A text no honest agreement would have refuses the whole plan: it is about the vault, not a
  // wallet, and it never reaches a review or the device.
  refuseHostileAgreement(definitions, knownHosts(client.baseUrl, vault), vault);
  await Promise.all(
    wallets.map(async (w) => {
      try {
        const checks = await Promise.all(definitions.map((d) => client.checkSignature(d.id, w)));
        out.set(w.toLowerCase(), { unsigned: definitions.filter((_, i) => checks[i] === null) });
      } catch (err) {
        out.set(w.toLowerCase(), { error: `The agreements could not be checked: ${toAppErrorData(err).message}` });
      }
    }),
  );
  return out;
}

/** The hosts an agreement of this vault may name: the service's own, the vault's KYC page and the chain's explorer. */
function knownHosts(serviceUrl: string, vault: PortfolioVault): string[] {
  const urls = [serviceUrl, vault.kyc.link, vault.chain.explorerUrl, EXPLORER_BY_CHAIN_ID[vault.chain.chainId] ?? null];
  return [...new Set(urls.map((u) => (u ? hostOf(u) : null)).filter((h): h is string => h !== null && h !== ''))];
}

/** Throws `SIGNING_AGREEMENT_REFUSED` for the first agreement whose text is refused, with its origin and reason. */
function refuseHostileAgreement(definitions: readonly WalletFacts['unsignedAgreements'][number][], hosts: string[], vault: PortfolioVault): void {
  for (const d of definitions) {
    const verdict = checkAgreementText(d.text, hosts);
    if (verdict.ok) continue;
    throw new AppError({
      code: 'SIGNING_AGREEMENT_REFUSED',
      message: `The service asks the wallets to sign "${d.title}" (agreement record ${d.id} of ${vault.name}, from the service at ${hosts[0] ?? 'an unknown address'}), and the console refuses it. ${verdict.reason}`,
      action: "Nothing was planned or signed. Ask the service's operator about this agreement text before signing anything for this vault.",
      details: { signatureId: d.id, vaultId: vault.id, text: d.text },
    });
  }
}
