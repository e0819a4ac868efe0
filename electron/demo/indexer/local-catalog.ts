import type { Address } from 'viem';
import type { ProtocolDeployment, VaultDeployment } from '../chain';
import type { SimGeneration } from '../contracts/generations';
import type { SimStore } from '../service/store';
import { objectIdOf } from './ids';

/**
 * The abiCode a vault record gives each contract, as the real service does: the official
 * client's codes, the tranche filed under CDO_EPOCH_MAIN_V2. A contract upgraded to today's
 * source (2026) keeps its older code (the console tells the generations apart on chain).
 */
const RECORD_ABI_CODES: Record<Generation, string> = {
  CDO_EPOCH_MAIN_V1: 'CDO_EPOCH_MAIN_V1',
  CDO_EPOCH_MAIN_V3: 'CDO_EPOCH_MAIN_V3',
  CDO_EPOCH_MAIN_V4: 'CDO_EPOCH_MAIN_V4',
  CDO_EPOCH_MAIN_2026: 'CDO_EPOCH_MAIN_V4',
  CDO_EPOCH_PREFUNDED_2026: 'CDO_EPOCH_MAIN_V4',
  CDO_EPOCH_DEPOSIT_QUEUE_V1: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
  CDO_EPOCH_DEPOSIT_QUEUE_V2: 'CDO_EPOCH_DEPOSIT_QUEUE_V2',
  CDO_EPOCH_QUEUE_2026: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
  CDO_EPOCH_STRATEGY_MAIN_V1: 'CDO_EPOCH_STRATEGY_MAIN_V1',
  CDO_EPOCH_STRATEGY_MAIN_V2: 'CDO_EPOCH_STRATEGY_MAIN_V2',
  CDO_EPOCH_STRATEGY_2026: 'CDO_EPOCH_STRATEGY_MAIN_V2',
  CDO_EPOCH_WRITEOFF_V1: 'CDO_EPOCH_WRITEOFF_V1',
  CDO_EPOCH_MAIN_V2: 'CDO_EPOCH_MAIN_V2',
};

type Generation = SimGeneration;

/** The contract members of a vault record (cdoEpoch, its queues and escrow, the strategy). */
function vaultContracts(vault: VaultDeployment) {
  const g = vault.generations;
  const contract = (address: Address | null, generation: Generation | null) =>
    address && generation ? { address, abiCode: RECORD_ABI_CODES[generation] } : undefined;
  const depositQueue = contract(vault.depositQueue, g.depositQueue);
  const withdrawQueue = contract(vault.withdrawQueue, g.withdrawQueue);
  const writeOff = contract(vault.writeOff, g.writeOff);
  return {
    abiCode: RECORD_ABI_CODES.CDO_EPOCH_MAIN_V2,
    cdoEpoch: {
      address: vault.epochVault,
      abiCode: RECORD_ABI_CODES[g.vault],
      ...(depositQueue ? { depositQueue } : {}),
      ...(withdrawQueue ? { withdrawQueue } : {}),
      ...(writeOff ? { writeOff } : {}),
      manager: { address: vault.manager },
      borrower: { address: vault.borrower },
    },
    strategy: { address: vault.strategy, abiCode: RECORD_ABI_CODES[g.strategy] },
  };
}

interface LocalChainInput {
  chainId: number;
  rpcUrl: string;
  deployment: ProtocolDeployment;
}

/** A deployed vault and the ids of its catalog records. */
export interface IndexedVault {
  vaultId: string;
  chainRecordId: string;
  tokenId: string;
  trancheTokenId: string;
  chainId: number;
  deployment: VaultDeployment;
}

const AUDIT_ACTOR = 'local-chain';

/** The lender agreements every local vault asks for (same wording as the generated dataset's). */
const LENDER_AGREEMENTS = [
  { code: 'TERMS_OF_SERVICE', title: 'Terms of service', text: 'I have read and accept the Vaultline Terms of Service, version 2.1.' },
  {
    code: 'MASTER_LOAN_AGREEMENT',
    title: 'Master loan agreement',
    text: 'I accept the Master Loan Agreement governing lending through Vaultline credit vaults, version 1.4.',
  },
] as const;

const LOCAL_KYC_LINK = 'https://kyc.vaultline.example/verify';

/**
 * Writes the catalog records of the local chains: one chain record per anvil (its RPC is the
 * anvil URL), the underlying and tranche tokens, and one PUBLIC epoch vault per deployed vault.
 * Ids derive from chain id and addresses, so they stay the same across runs.
 */
export function registerLocalCatalog(store: SimStore, chains: LocalChainInput[], createdAt: string): IndexedVault[] {
  const audit = { createdAt, updatedAt: createdAt, createdBy: AUDIT_ACTOR, updatedBy: AUDIT_ACTOR };
  const indexed: IndexedVault[] = [];
  const signatures = LENDER_AGREEMENTS.map((a) => {
    const _id = objectIdOf('signature', a.code);
    store.signatures.upsert({
      _id,
      code: a.code,
      entity: 'LENDER',
      title: { en: a.title },
      description: { en: `${a.title}: sign once per wallet.` },
      walletMessage: Buffer.from(a.text, 'utf8').toString('base64'),
      checks: [{ type: 'WALLET_SIGNATURE', standard: 'EIP-191' }],
      ...audit,
    });
    return { _id, entity: 'LENDER' as const };
  });
  for (const { chainId, rpcUrl, deployment } of chains) {
    const chainRecordId = objectIdOf('chain', chainId);
    store.chains.upsert({
      _id: chainRecordId,
      name: `Local chain ${chainId}`,
      hex: `0x${chainId.toString(16)}`,
      chainID: chainId,
      blocksPerYear: 2_628_000,
      tokenSymbol: 'ETH',
      nativeToken: 'ETH',
      isDisabled: false,
      RPCs: [{ provider: 'anvil', name: `anvil ${chainId}`, https: rpcUrl, isPublic: true }],
      ...audit,
    });
    const tokenIds = new Map<Address, string>();
    for (const token of Object.values(deployment.tokens)) {
      const _id = objectIdOf('token', chainId, token.address);
      tokenIds.set(token.address, _id);
      store.tokens.upsert({
        _id,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        address: token.address,
        chainId: chainRecordId,
        underlying: true,
        ...audit,
      });
    }
    for (const vault of deployment.vaults) {
      const vaultId = objectIdOf('vault', chainId, vault.epochVault);
      const trancheTokenId = objectIdOf('token', chainId, vault.tranche);
      store.tokens.upsert({
        _id: trancheTokenId,
        name: `${vault.name} tranche`,
        symbol: `AA_${vault.key}`,
        decimals: 18,
        address: vault.tranche,
        chainId: chainRecordId,
        underlying: false,
        ...audit,
      });
      store.vaults.upsert({
        _id: vaultId,
        name: vault.name,
        symbol: `AA_${vault.key}`,
        address: vault.tranche,
        tokenId: tokenIds.get(vault.token.address)!,
        chainId: chainRecordId,
        protocol: 'Vaultline',
        contractType: 'CDO_EPOCH',
        description: { en: `${vault.name}: an epoch credit vault on the local chain ${chainId}.` },
        visibility: 'PUBLIC',
        status: 'READY',
        feePercentage: vault.spec.fee,
        ...vaultContracts(vault),
        kyc: {
          policyId: Number(vault.policyId),
          isActive: vault.keyring !== null,
          isRequired: vault.keyring !== null,
          link: LOCAL_KYC_LINK,
        },
        signatures,
        ...audit,
      });
      indexed.push({ vaultId, chainRecordId, tokenId: tokenIds.get(vault.token.address)!, trancheTokenId, chainId, deployment: vault });
    }
  }
  return indexed;
}
