import { getAddress } from 'viem';
import type { Chain, SignatureDefinition, Token, Vault } from '../records';
import type { Prng } from '../prng';
import type { SimStore, WithId } from '../store';

/**
 * The catalog: chains, tokens, operators, categories, types, signature definitions and vaults.
 * Names and shapes follow the real protocol (an epoch credit vault's `address` is its tranche
 * token; the epoch vault, its queue and strategy sit under `cdoEpoch` / `strategy`).
 */

export const SYSTEM_ACTOR = 'system';

interface ChainSeed {
  name: string;
  chainID: number;
  tokenSymbol: string;
  explorerUrl: string;
  blocksPerYear: number;
  color: string;
  rpcHost: string;
}

const CHAIN_SEEDS: readonly ChainSeed[] = [
  { name: 'Ethereum', chainID: 1, tokenSymbol: 'ETH', explorerUrl: 'https://etherscan.io', blocksPerYear: 2_628_000, color: '#627EEA', rpcHost: 'eth' },
  { name: 'Polygon', chainID: 137, tokenSymbol: 'POL', explorerUrl: 'https://polygonscan.com', blocksPerYear: 15_768_000, color: '#8247E5', rpcHost: 'polygon' },
  { name: 'Arbitrum One', chainID: 42161, tokenSymbol: 'ETH', explorerUrl: 'https://arbiscan.io', blocksPerYear: 126_144_000, color: '#28A0F0', rpcHost: 'arbitrum' },
];

interface TokenSeed {
  symbol: string;
  name: string;
  decimals: number;
  /** USD per whole token. */
  usd: number;
}

export const UNDERLYING_SEEDS: readonly TokenSeed[] = [
  { symbol: 'USDC', name: 'USD Coin', decimals: 6, usd: 1 },
  { symbol: 'USDT', name: 'Tether USD', decimals: 6, usd: 1 },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, usd: 1 },
  { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, usd: 3000 },
];

export const OPERATOR_SEEDS = [
  {
    name: 'Vaultline',
    code: 'VAULTLINE',
    type: 'PROTOCOL',
    en: 'Vaultline runs the credit-vault contracts: epochs, queues, fees and the lender agreements.',
    fr: 'Vaultline exploite les contrats des coffres de crédit : époques, files, frais et conventions des prêteurs.',
  },
  {
    name: 'Northwind Credit',
    code: 'NORTHWIND',
    type: 'BORROWER',
    en: 'Northwind Credit borrows against receivables of mid-sized European manufacturers.',
    fr: 'Northwind Credit emprunte sur les créances de fabricants européens de taille moyenne.',
  },
  {
    name: 'Harbor Lane Capital',
    code: 'HARBOR_LANE',
    type: 'BORROWER',
    en: 'Harbor Lane Capital runs market-neutral strategies funded by its vaults.',
    fr: 'Harbor Lane Capital mène des stratégies neutres au marché financées par ses coffres.',
  },
  {
    name: 'Kestrel Trade Finance',
    code: 'KESTREL',
    type: 'BORROWER',
    en: 'Kestrel Trade Finance funds short-dated trade finance in South-East Asia.',
    fr: 'Kestrel Trade Finance finance le commerce à court terme en Asie du Sud-Est.',
  },
  {
    name: 'Meridian Risk',
    code: 'MERIDIAN',
    type: 'CURATOR',
    en: 'Meridian Risk vets borrowers, sets the vault parameters and reports on each epoch.',
    fr: 'Meridian Risk évalue les emprunteurs, fixe les paramètres des coffres et rend compte de chaque époque.',
  },
] as const;

/**
 * Links a vault's integrations name: the protocol's documentation (a host the operators name) and
 * a third-party analytics page (a host the console does not open).
 */
export function vaultIntegrationLinks(symbol: string, vaultId: string): Record<string, string> {
  return { docs: `https://vaultline.example/docs/vaults/${symbol.toLowerCase()}`, analytics: `https://defillama.com/yields/pool/${vaultId}` };
}

/** An operator's links as the service names them: its site, its documentation, and a social handle. */
export function operatorLinks(code: string): Record<string, string> {
  const host = `${code.toLowerCase().replace('_', '')}.example`;
  return { website: `https://${host}`, docs: `https://${host}/docs`, x: `https://x.com/${code.toLowerCase()}` };
}

export const CATEGORY_SEEDS = [
  { code: 'CREDIT', en: 'Private credit', fr: 'Crédit privé' },
  { code: 'YIELD', en: 'Yield aggregation', fr: 'Agrégation de rendement' },
  { code: 'TRANCHES', en: 'Tranched risk', fr: 'Risque par tranches' },
] as const;

export const TYPE_SEEDS = [
  { code: 'CREDIT_VAULT', en: 'Credit vault' },
  { code: 'BEST_YIELD', en: 'Best yield' },
  { code: 'TRANCHE', en: 'Tranche' },
] as const;

interface VaultSeed {
  name: string;
  symbol: string;
  contractType: 'CDO_EPOCH' | 'BestYield' | 'CDO';
  chain: number;
  token: string;
  visibility: 'PUBLIC' | 'RESTRICTED' | 'HIDDEN';
  status: 'READY' | 'PAUSED' | 'DISABLED';
  /** Borrower operator code (epoch vaults). */
  borrower?: string;
  /** Epoch vaults without a queue contract take deposits only between epochs. */
  withQueue?: boolean;
  /** The borrower failed to repay at the last epoch's end: the vault is in default. */
  defaulted?: boolean;
}

const VAULT_SEEDS: readonly VaultSeed[] = [
  { name: 'Northwind USDC Credit', symbol: 'AA_nwUSDC', contractType: 'CDO_EPOCH', chain: 0, token: 'USDC', visibility: 'PUBLIC', status: 'READY', borrower: 'NORTHWIND', withQueue: true },
  { name: 'Harbor Lane USDT Credit', symbol: 'AA_hlUSDT', contractType: 'CDO_EPOCH', chain: 0, token: 'USDT', visibility: 'PUBLIC', status: 'READY', borrower: 'HARBOR_LANE', withQueue: true },
  { name: 'Meridian Market-Neutral USDC', symbol: 'AA_mnUSDC', contractType: 'CDO_EPOCH', chain: 2, token: 'USDC', visibility: 'PUBLIC', status: 'PAUSED', borrower: 'HARBOR_LANE', withQueue: true },
  { name: 'Kestrel Trade Finance USDC', symbol: 'AA_ktUSDC', contractType: 'CDO_EPOCH', chain: 1, token: 'USDC', visibility: 'RESTRICTED', status: 'READY', borrower: 'KESTREL', withQueue: true },
  { name: 'Aster Private Credit DAI', symbol: 'AA_apDAI', contractType: 'CDO_EPOCH', chain: 0, token: 'DAI', visibility: 'HIDDEN', status: 'READY', borrower: 'NORTHWIND', withQueue: true },
  { name: 'Legacy Credit USDT', symbol: 'AA_lgUSDT', contractType: 'CDO_EPOCH', chain: 1, token: 'USDT', visibility: 'PUBLIC', status: 'DISABLED', borrower: 'KESTREL', withQueue: false, defaulted: true },
  { name: 'Best Yield USDC', symbol: 'byUSDC', contractType: 'BestYield', chain: 0, token: 'USDC', visibility: 'PUBLIC', status: 'READY' },
  { name: 'Best Yield DAI', symbol: 'byDAI', contractType: 'BestYield', chain: 1, token: 'DAI', visibility: 'PUBLIC', status: 'DISABLED' },
  { name: 'Senior Tranche WETH', symbol: 'AA_WETH', contractType: 'CDO', chain: 0, token: 'WETH', visibility: 'PUBLIC', status: 'READY' },
  { name: 'Junior Tranche USDC', symbol: 'BB_USDC', contractType: 'CDO', chain: 2, token: 'USDC', visibility: 'RESTRICTED', status: 'PAUSED' },
];

const ABI_CODES = {
  CDO_EPOCH: 'CDO_EPOCH_MAIN_V4',
  CDO_EPOCH_QUEUE: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
  CDO_EPOCH_STRATEGY: 'CDO_EPOCH_STRATEGY_MAIN_V2',
  BestYield: 'BEST_YIELD_V3',
  CDO: 'CDO_V4',
  /** The official client files the tranche token's ABI under this code. */
  TRANCHE: 'CDO_EPOCH_MAIN_V2',
} as const;

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Whole-token amount written in base units. */
function units(whole: number, decimals: number): string {
  return (BigInt(Math.round(whole)) * 10n ** BigInt(decimals)).toString();
}

export interface CatalogContext {
  chainIds: string[];
  /** Underlying token record per `${chainIndex}:${symbol}`. */
  underlying: Map<string, WithId<Token>>;
  epochVaultIds: string[];
  vaults: VaultInfo[];
  campaignVaultIds: string[];
}

/** What the later generators need to know about a vault beyond its record. */
export interface VaultInfo {
  vault: WithId<Vault>;
  chainIndex: number;
  /** Underlying token record and its facts. */
  token: WithId<Token>;
  decimals: number;
  usd: number;
  isEpoch: boolean;
  defaulted: boolean;
}

export function generateCatalog(store: SimStore, rng: Prng, createdAt: string): CatalogContext {
  const audit = { createdAt, updatedAt: createdAt, createdBy: SYSTEM_ACTOR, updatedBy: SYSTEM_ACTOR };

  const chainIds: string[] = [];
  for (const seed of CHAIN_SEEDS) {
    const chain: WithId<Chain> = {
      _id: rng.objectId(),
      name: seed.name,
      hex: `0x${seed.chainID.toString(16)}`,
      chainID: seed.chainID,
      blocksPerYear: seed.blocksPerYear,
      tokenSymbol: seed.tokenSymbol,
      nativeToken: seed.tokenSymbol,
      explorerUrl: seed.explorerUrl,
      icon: `https://assets.vaultline.example/chains/${seed.rpcHost}.svg`,
      color: seed.color,
      isDisabled: false,
      RPCs: [
        { provider: 'public', name: `${seed.name} public`, https: `https://rpc.${seed.rpcHost}.example`, wss: `wss://rpc.${seed.rpcHost}.example`, isPublic: true },
        { provider: 'private', name: `${seed.name} archive`, https: `https://archive.${seed.rpcHost}.example`, wss: `wss://archive.${seed.rpcHost}.example`, isPublic: false },
      ],
      ...audit,
    };
    store.chains.insert(chain);
    chainIds.push(chain._id);
  }

  const underlying = new Map<string, WithId<Token>>();
  CHAIN_SEEDS.forEach((_, chainIndex) => {
    for (const seed of UNDERLYING_SEEDS) {
      const token: WithId<Token> = {
        _id: rng.objectId(),
        name: seed.name,
        symbol: seed.symbol,
        decimals: seed.decimals,
        address: getAddress(rng.address()),
        chainId: chainIds[chainIndex]!,
        logoURI: `https://assets.vaultline.example/tokens/${seed.symbol.toLowerCase()}.svg`,
        underlying: true,
        ...audit,
      };
      store.tokens.insert(token);
      underlying.set(`${chainIndex}:${seed.symbol}`, token);
    }
  });

  const operatorIds = new Map<string, string>();
  for (const seed of OPERATOR_SEEDS) {
    const _id = rng.objectId();
    operatorIds.set(seed.code, _id);
    store.operators.insert({
      _id,
      name: seed.name,
      code: seed.code,
      type: seed.type,
      description: { en: seed.en, fr: seed.fr },
      links: operatorLinks(seed.code),
      ...audit,
    });
  }

  const categoryIds = CATEGORY_SEEDS.map((seed) => {
    const _id = rng.objectId();
    store.vaultCategories.insert({ _id, code: seed.code, name: { en: seed.en, fr: seed.fr }, description: { en: seed.en }, ...audit });
    return _id;
  });
  const typeIds = TYPE_SEEDS.map((seed) => {
    const _id = rng.objectId();
    store.vaultTypes.insert({ _id, code: seed.code, name: { en: seed.en }, description: { en: seed.en }, ...audit });
    return _id;
  });

  const signatureSeeds = [
    { code: 'TERMS_OF_SERVICE', entity: 'LENDER', title: 'Terms of service', text: 'I have read and accept the Vaultline Terms of Service, version 2.1.' },
    { code: 'MASTER_LOAN_AGREEMENT', entity: 'LENDER', title: 'Master loan agreement', text: 'I accept the Master Loan Agreement governing lending through Vaultline credit vaults, version 1.4.' },
    { code: 'MANAGER_AGREEMENT', entity: 'MANAGER', title: 'Vault manager agreement', text: 'As vault manager I accept the Vaultline Manager Agreement, version 1.0.' },
  ] as const;
  const signatureIds = new Map<string, string>();
  for (const seed of signatureSeeds) {
    const definition: WithId<SignatureDefinition> = {
      _id: rng.objectId(),
      code: seed.code,
      entity: seed.entity,
      title: { en: seed.title },
      description: { en: `${seed.title}: sign once per wallet.` },
      walletMessage: base64(seed.text),
      checks: [{ type: 'WALLET_SIGNATURE', standard: 'EIP-191' }],
      ...audit,
    };
    store.signatures.insert(definition);
    signatureIds.set(seed.code, definition._id);
  }

  const epochVaultIds: string[] = [];
  const vaults: VaultInfo[] = [];
  for (const seed of VAULT_SEEDS) {
    const token = underlying.get(`${seed.chain}:${seed.token}`)!;
    const tokenSeed = UNDERLYING_SEEDS.find((t) => t.symbol === seed.token)!;
    const isEpoch = seed.contractType === 'CDO_EPOCH';
    const trancheAddress = getAddress(rng.address());
    const vault: WithId<Vault> = {
      _id: rng.objectId(),
      name: seed.name,
      symbol: seed.symbol,
      address: trancheAddress,
      tokenId: token._id,
      chainId: chainIds[seed.chain]!,
      typeId: typeIds[isEpoch ? 0 : seed.contractType === 'BestYield' ? 1 : 2]!,
      categoryId: categoryIds[isEpoch ? 0 : seed.contractType === 'BestYield' ? 1 : 2]!,
      operatorIds: [operatorIds.get('VAULTLINE')!, ...(seed.borrower ? [operatorIds.get(seed.borrower)!, operatorIds.get('MERIDIAN')!] : [])],
      protocol: 'Vaultline',
      contractType: seed.contractType,
      abiCode: isEpoch ? ABI_CODES.TRANCHE : ABI_CODES[seed.contractType],
      description: {
        en: `${seed.name}: ${isEpoch ? 'an epoch-based credit vault lending to a vetted borrower' : 'a yield vault'} in ${seed.token}.`,
        fr: `${seed.name} : ${isEpoch ? 'coffre de crédit par époques' : 'coffre de rendement'} en ${seed.token}.`,
      },
      shortDescription: {
        en: isEpoch ? `Credit to ${OPERATOR_SEEDS.find((o) => o.code === seed.borrower)?.name ?? 'a borrower'}` : `Yield on ${seed.token}`,
        fr: `Rendement ${seed.token}`,
      },
      caption: { en: isEpoch ? 'Epoch credit vault' : seed.contractType },
      keyInfo: [
        { label: { en: 'Underlying' }, value: { en: seed.token } },
        { label: { en: 'Chain' }, value: { en: CHAIN_SEEDS[seed.chain]!.name } },
      ],
      visibility: seed.visibility,
      status: seed.status,
      feePercentage: rng.pick([5000, 10000, 15000, 20000]),
      minDeposit: units(tokenSeed.usd > 1 ? 1 : 100, tokenSeed.decimals),
      maxCap: units(tokenSeed.usd > 1 ? 20_000 : 50_000_000, tokenSeed.decimals),
      ...audit,
    };
    if (isEpoch) {
      const queue = seed.withQueue ? getAddress(rng.address()) : undefined;
      vault.cdoEpoch = {
        address: getAddress(rng.address()),
        abiCode: ABI_CODES.CDO_EPOCH,
        ...(queue
          ? {
              depositQueue: { address: queue, abiCode: ABI_CODES.CDO_EPOCH_QUEUE },
              withdrawQueue: { address: queue, abiCode: ABI_CODES.CDO_EPOCH_QUEUE },
            }
          : {}),
        manager: { address: getAddress(rng.address()) },
        borrower: { address: getAddress(rng.address()) },
      };
      vault.strategy = { address: getAddress(rng.address()), abiCode: ABI_CODES.CDO_EPOCH_STRATEGY };
      vault.kyc = {
        policyId: rng.int(1, 40),
        isActive: seed.visibility !== 'PUBLIC' || rng.bool(0.5),
        isRequired: seed.visibility === 'RESTRICTED',
        link: 'https://kyc.vaultline.example/verify',
      };
      vault.signatures = [
        { _id: signatureIds.get('TERMS_OF_SERVICE')!, entity: 'LENDER' },
        { _id: signatureIds.get('MASTER_LOAN_AGREEMENT')!, entity: 'LENDER' },
        { _id: signatureIds.get('MANAGER_AGREEMENT')!, entity: 'MANAGER' },
      ];
      epochVaultIds.push(vault._id);
    } else {
      vault.signatures = [{ _id: signatureIds.get('TERMS_OF_SERVICE')!, entity: 'ALL' }];
    }
    store.vaults.insert(vault);
    vaults.push({ vault, chainIndex: seed.chain, token, decimals: tokenSeed.decimals, usd: tokenSeed.usd, isEpoch, defaulted: seed.defaulted ?? false });

    // The tranche token is a token record of its own (18 decimals, not an underlying).
    store.tokens.insert({
      _id: rng.objectId(),
      name: `${seed.name} tranche`,
      symbol: seed.symbol,
      decimals: 18,
      address: trancheAddress,
      chainId: chainIds[seed.chain]!,
      logoURI: `https://assets.vaultline.example/tokens/${seed.symbol.toLowerCase()}.svg`,
      underlying: false,
      ...audit,
    });
    store.integrations.insert({
      _id: vault._id,
      defillama: { project: 'vaultline', pool: vault._id },
      coingecko: { id: null },
      custodian: isEpoch ? { name: 'Fireblocks', segregated: true } : null,
      links: vaultIntegrationLinks(seed.symbol, vault._id),
    });
  }

  const campaignVaultIds = vaults.filter((v) => v.vault.visibility === 'PUBLIC' && v.vault.status === 'READY').map((v) => v.vault._id);
  return { chainIds, underlying, epochVaultIds, vaults, campaignVaultIds };
}
