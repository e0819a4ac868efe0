/**
 * The ERC-20 descriptors this install uses: Ledger's signed list per chain from Ledger's maintained
 * package (@ledgerhq/cryptoassets-evm-signatures), each signed by Ledger's token key for the chain
 * it is listed under, found by chain and contract without any network access; a pinned vault's
 * token is found exactly when Ledger lists it, and said "not listed by Ledger" otherwise.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { getAddress, hexToBytes, type TransactionSerializable } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_TOKEN_LIST_PACKAGE,
  ledgerSignatureList,
  ledgerTokenListChains,
  ledgerTokenListRelease,
} from '../../../electron/services/device/ledger-token-list';
import { findTokenDescriptor, indexDescriptors, ledgerListing, ledgerTokenList } from '../../../electron/services/device/token-descriptors';
import { approvalOf, clearSignedApproval, expectedScreens } from '../../../electron/services/device/transaction';
import { vaultTokenListings } from '../../../electron/services/device/vault-token-listing';
import { LEDGER_TOKEN_SIGNING_KEY } from '../../../electron/demo/ledger/token-info';
import type { PinnedVault } from '../../../shared/registry/schemas';
import { pinnedVault, vaultTokens } from '../../support/pinned-vault';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SPENDER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const approveData = (spender: string, amount: bigint) =>
  `0x095ea7b3${spender.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}` as const;
const APPROVE: TransactionSerializable = {
  type: 'eip1559',
  chainId: 1,
  nonce: 3,
  to: USDC,
  value: 0n,
  data: approveData(SPENDER, 250_500_000n),
  gas: 60_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};

/** The package's own token table for a chain (its erc20.json: [network, id, ticker, decimals, name, signature, contract, …]). */
function packageTokens(chainId: number): Array<{ ticker: string; decimals: number; address: string }> {
  const dir = path.dirname(createRequire(import.meta.url).resolve(`${LEDGER_TOKEN_LIST_PACKAGE}/package.json`));
  const file = path.join(dir, 'lib', 'data', 'evm', String(chainId), 'erc20.json');
  let rows: unknown[][];
  try {
    rows = JSON.parse(readFileSync(file, 'utf8')) as unknown[][];
  } catch {
    return [];
  }
  return rows.map((r) => ({ ticker: String(r[2]), decimals: Number(r[3]), address: getAddress(String(r[6])) }));
}

// The chains the vaults run on (the offline policy's) and a few of their tokens, by their contracts.
const TOKENS = {
  usdcEthereum: { chainId: 1, address: USDC },
  usdtArbitrum: { chainId: 42161, address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' },
  usdcBridgedOptimism: { chainId: 10, address: '0x7F5c764cBc14f9669B88837ca1490cCa17c31607' },
  daiPolygon: { chainId: 137, address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063' },
  usdcBase: { chainId: 8453, address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  usdcPolygon: { chainId: 137, address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  usdcArbitrum: { chainId: 42161, address: '0xaf88d065e77c8cC2239327C5EDb2A432268e5831' },
} as const;

function pinned(vaultId: string, chainId: number, underlying: string, tranche: string): PinnedVault {
  const other = '0x1111111111111111111111111111111111111111';
  return pinnedVault(
    vaultId,
    `Vault ${vaultId}`,
    { epochVault: other, queue: null, tranche, underlying, strategy: other, keyring: null },
    { chainId, tokens: vaultTokens({ underlying: 'UND', tranche: `AA_${vaultId}`, strategy: 'S' }) },
  );
}

describe("Ledger's token list installed with the console", () => {
  it("is the maintained package's, with a recorded publication date for the installed version", () => {
    const release = ledgerTokenListRelease();
    const installed = createRequire(import.meta.url)(`${LEDGER_TOKEN_LIST_PACKAGE}/package.json`) as { version: string };
    expect(release).toMatchObject({ package: '@ledgerhq/cryptoassets-evm-signatures', version: installed.version });
    // Upgrading the package needs its publication day (npm view <package> time) in ledger-token-list.ts.
    expect(release.published, `no publication date recorded for ${installed.version}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = ledgerTokenList();
    for (const chainId of [1, 10, 137, 8453, 42161]) expect(list.chains.find((c) => c.chainId === chainId)?.tokens).toBeGreaterThan(50);
  });

  it("holds, per chain, only descriptors signed by Ledger's token key (the app's production key) for that chain", () => {
    const chains = ledgerTokenListChains();
    expect(chains.length).toBeGreaterThan(10);
    for (const chainId of chains) {
      const descriptors = [...indexDescriptors(ledgerSignatureList(chainId)!).values()];
      expect(descriptors.length, `chain ${chainId}`).toBeGreaterThan(0);
      for (const d of descriptors) {
        expect(d.chainId, `${d.ticker} listed under chain ${chainId}`).toBe(chainId);
        const tickerLength = d.payload[0]!;
        const signed = d.payload.subarray(1, 1 + tickerLength + 28);
        const signature = d.payload.subarray(1 + tickerLength + 28);
        const ok = secp256k1.verify(signature, sha256(signed), hexToBytes(`0x${LEDGER_TOKEN_SIGNING_KEY}`), { lowS: false, prehash: false, format: 'der' });
        expect(ok, `${d.ticker} on chain ${chainId}`).toBe(true);
      }
    }
  }, 60_000);

  it('finds a token by chain and contract, in any letter case, on chains other than mainnet too, and nothing for another chain', () => {
    expect(findTokenDescriptor(1, USDC.toLowerCase())).toMatchObject({ ticker: 'USDC', decimals: 6, chainId: 1, address: USDC });
    expect(findTokenDescriptor(1, '0xdac17f958d2ee523a2206206994597c13d831ec7')).toMatchObject({ ticker: 'USDT', decimals: 6 });
    expect(findTokenDescriptor(42161, TOKENS.usdtArbitrum.address.toLowerCase())).toMatchObject({ ticker: 'USDT', decimals: 6, chainId: 42161 });
    expect(findTokenDescriptor(10, TOKENS.usdcBridgedOptimism.address)).toMatchObject({ ticker: 'USDC.e', decimals: 6, chainId: 10 });
    expect(findTokenDescriptor(137, TOKENS.daiPolygon.address)).toMatchObject({ ticker: 'DAI', decimals: 18, chainId: 137 });
    // The same contract on another chain, a local token, a chain Ledger lists nothing on: no descriptor.
    expect(findTokenDescriptor(137, USDC)).toBeNull();
    expect(findTokenDescriptor(42161, USDC)).toBeNull();
    expect(findTokenDescriptor(31337, SPENDER)).toBeNull();
    expect(findTokenDescriptor(11155111, USDC)).toBeNull();
  });

  it('finds every pinned vault token on a supported chain exactly when Ledger lists it, and says "not listed by Ledger" otherwise', () => {
    const tranche = (n: number) => `0x${n.toString(16).padStart(40, 'a')}`;
    const vaults = [
      pinned('eth', 1, TOKENS.usdcEthereum.address, tranche(1)),
      pinned('arb', 42161, TOKENS.usdtArbitrum.address, tranche(2)),
      pinned('op', 10, TOKENS.usdcBridgedOptimism.address, tranche(3)),
      pinned('pol', 137, TOKENS.daiPolygon.address, tranche(4)),
      pinned('base', 8453, TOKENS.usdcBase.address, tranche(5)),
      pinned('pol-usdc', 137, TOKENS.usdcPolygon.address, tranche(6)),
      pinned('arb-usdc', 42161, TOKENS.usdcArbitrum.address, tranche(7)),
      // The demo's vaults live on local chains Ledger knows nothing of.
      pinned('demo', 31337, SPENDER, tranche(8)),
    ];
    const listings = vaultTokenListings(vaults);
    expect(listings).toHaveLength(vaults.length * 2);
    for (const listing of listings) {
      // Ledger's own table of the package (a file apart from the signed blob) is the judge of "listed".
      const listed = packageTokens(listing.chainId).find((t) => t.address === getAddress(listing.address));
      if (listed) {
        expect(listing, `${listing.vault} ${listing.role}`).toMatchObject({ notListed: null });
        expect(listing.ticker?.toUpperCase()).toBe(listed.ticker.toUpperCase());
        expect(findTokenDescriptor(listing.chainId, listing.address)?.decimals).toBe(listed.decimals);
      } else {
        expect(listing.ticker, `${listing.vault} ${listing.role}`).toBeNull();
        expect(listing.notListed).toContain('is not listed by Ledger');
        expect(listing.notListed).toContain(`on chain ${listing.chainId}`);
      }
    }
    const byVault = (id: string, role: 'underlying' | 'tranche') => listings.find((l) => l.vaultId === id && l.role === role)!;
    // What the installed list says about the stablecoins above (a listed token on every supported chain).
    expect(['eth', 'arb', 'op', 'pol'].map((id) => byVault(id, 'underlying').ticker)).toEqual(['USDC', 'USDT', 'USDC.e', 'DAI']);
    for (const id of ['eth', 'arb', 'op', 'pol', 'demo']) expect(byVault(id, 'tranche').ticker).toBeNull();
    expect(byVault('demo', 'underlying').notListed).toMatch(/^0x5FbDB2315678afecb367f032d93F642f64180aa3 on chain 31337 is not listed by Ledger \(token list \d+\.\d+\.\d+ of \d{4}-\d{2}-\d{2}\)/);
    expect(ledgerListing(8453, TOKENS.usdcBase.address).listed).toBe(packageTokens(8453).some((t) => t.address === TOKENS.usdcBase.address));
  });

  it('reads an approval from the call data, and only an exact approve without ETH', () => {
    expect(approvalOf(APPROVE)).toEqual({ token: USDC, spender: SPENDER, amount: '250500000' });
    expect(approvalOf({ ...APPROVE, value: 1n })).toBeNull();
    expect(approvalOf({ ...APPROVE, data: `${APPROVE.data!}00` })).toBeNull();
    expect(approvalOf({ ...APPROVE, data: `0xa9059cbb${APPROVE.data!.slice(10)}` })).toBeNull();
    expect(clearSignedApproval(APPROVE)?.descriptor.ticker).toBe('USDC');
    expect(clearSignedApproval({ ...APPROVE, chainId: 31337 })).toBeNull();
  });

  it('predicts the clear review of an approval with a descriptor, and the blind one without', () => {
    const from = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
    expect(expectedScreens(APPROVE, { from })).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'From', value: from },
      { title: 'Approve', value: '250.5 USDC' },
      { title: 'Approve to', value: SPENDER },
      { title: 'Max fees', value: '0.00012 ETH' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
    const blind = expectedScreens({ ...APPROVE, chainId: 31337 }).map((s) => s.title);
    expect(blind).toContain('Tx hash');
    expect(blind[0]).toBe('Blind signing ahead');
    expect(expectedScreens(APPROVE, { blind: true }).map((s) => s.title)).toContain('Tx hash');
    expect(expectedScreens(APPROVE, { blind: true, model: 'stax' }).map((s) => s.title)).toContain('Transaction hash');
  });
});
