/**
 * The ERC-20 descriptors this install ships: Ledger's own list, the same bytes as in Ledger's
 * package, each signed by Ledger's key, found by chain and contract without any network access.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { hexToBytes, type TransactionSerializable } from 'viem';
import { describe, expect, it } from 'vitest';
import { LEDGER_ERC20_DESCRIPTORS, LEDGER_ERC20_DESCRIPTORS_SOURCE } from '../../../electron/services/device/ledger-erc20-descriptors';
import { findTokenDescriptor, indexDescriptors } from '../../../electron/services/device/token-descriptors';
import { approvalOf, clearSignedApproval, expectedScreens } from '../../../electron/services/device/transaction';
import { LEDGER_TOKEN_SIGNING_KEY } from '../../../electron/sim/ledger/token-info';

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

describe('ERC-20 descriptors shipped with the install', () => {
  it("are the list Ledger's package ships, byte for byte", () => {
    const [pkg, ...rest] = LEDGER_ERC20_DESCRIPTORS_SOURCE.split('/');
    const file = path.join(path.dirname(createRequire(import.meta.url).resolve(`${pkg}/${rest[0]}/package.json`)), ...rest.slice(1));
    const shipped = /"([A-Za-z0-9+/=]+)"/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(shipped).toBe(LEDGER_ERC20_DESCRIPTORS[1]);
  });

  it("are signed by Ledger's token key, as the Ethereum app checks them", () => {
    const index = [...indexDescriptors(LEDGER_ERC20_DESCRIPTORS[1]!).values()];
    expect(index.length).toBeGreaterThan(6000);
    // Every 50th descriptor, and the stablecoins the vaults use.
    const sample = [
      ...index.filter((_, i) => i % 50 === 0),
      findTokenDescriptor(1, USDC)!,
      findTokenDescriptor(1, '0xdAC17F958D2ee523a2206206994597C13D831ec7')!,
    ];
    for (const d of sample) {
      const tickerLength = d.payload[0]!;
      const signed = d.payload.subarray(1, 1 + tickerLength + 28);
      const signature = d.payload.subarray(1 + tickerLength + 28);
      expect(
        secp256k1.verify(signature, sha256(signed), hexToBytes(`0x${LEDGER_TOKEN_SIGNING_KEY}`), {
          lowS: false,
          prehash: false,
          format: 'der',
        }),
        d.ticker,
      ).toBe(true);
    }
  });

  it('finds a token by chain and contract, in any letter case, and nothing for an unknown one', () => {
    expect(findTokenDescriptor(1, USDC.toLowerCase())).toMatchObject({ ticker: 'USDC', decimals: 6, chainId: 1, address: USDC });
    expect(findTokenDescriptor(1, '0xdac17f958d2ee523a2206206994597c13d831ec7')).toMatchObject({ ticker: 'USDT', decimals: 6 });
    // The same contract on another chain, and a local token: no descriptor.
    expect(findTokenDescriptor(137, USDC)).toBeNull();
    expect(findTokenDescriptor(31337, SPENDER)).toBeNull();
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
