/**
 * The emulated Ledger against the real @ledgerhq/hw-app-eth: addresses and signatures must be what
 * a device with the public test mnemonic returns.
 */
import { describe, expect, it } from 'vitest';
import {
  concat,
  hashMessage,
  keccak256,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
} from 'viem';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { Eth, OFFLINE_LOAD_CONFIG } from './ledger-libs';

const EXPECTED = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const PATH = "44'/60'/0'/0'/0";
const RECIPIENT = '0x28ee52a8f3d6e5d15f8b131996950d7f296c7952';

function setup(options: Parameters<typeof createEmulatedLedger>[0] = {}) {
  const ledger = createEmulatedLedger({ autoApprove: true, blindSigning: true, ...options });
  const sent: Buffer[] = [];
  const transport = ledger.transport;
  const exchange = transport.exchange.bind(transport);
  transport.exchange = (apdu: Buffer) => {
    sent.push(Buffer.from(apdu));
    return exchange(apdu);
  };
  const eth = new Eth(transport as never, 'w0w', OFFLINE_LOAD_CONFIG);
  return { ledger, eth, sent };
}

/** A transaction to RECIPIENT, on chain 1 unless it says otherwise. */
const toRecipient = (fields: Partial<TransactionSerializable>): TransactionSerializable =>
  ({ chainId: 1, to: RECIPIENT, ...fields }) as TransactionSerializable;

async function signAndRecover(eth: Eth, tx: TransactionSerializable) {
  const unsigned = serializeTransaction(tx);
  const sig = await eth.signTransaction(PATH, unsigned.slice(2), null);
  const signed =
    tx.type === 'legacy'
      ? serializeTransaction(tx, { r: `0x${sig.r}`, s: `0x${sig.s}`, v: BigInt(`0x${sig.v}`) })
      : serializeTransaction(tx, { r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number.parseInt(sig.v, 16) });
  return { sig, from: await recoverTransactionAddress({ serializedTransaction: signed as never }) };
}

describe('emulated Ledger: addresses', () => {
  it("derives 0xCbA9…8451 for 44'/60'/0'/0'/0 through hw-app-eth getAddress", async () => {
    const { eth } = setup();
    const result = await eth.getAddress(PATH);
    expect(result.address).toBe(EXPECTED);
    expect(result.publicKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it('returns the 32-byte chain code when asked (P2 = 01) and accepts a display chain id', async () => {
    const { eth } = setup();
    const result = await eth.getAddress(PATH, false, true, '137');
    expect(result.address).toBe(EXPECTED);
    expect(result.chainCode).toMatch(/^[0-9a-f]{64}$/);
  });

  it('derives the standard first BIP-44 account of the test mnemonic', async () => {
    const { eth } = setup();
    expect((await eth.getAddress("44'/60'/0'/0/0")).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });
});

describe('emulated Ledger: transaction signatures recover to the device address', () => {
  it('legacy with chain id: v = chainId·2 + 35 + parity, rebuilt by hw-app-eth', async () => {
    const { eth } = setup();
    const tx = toRecipient({ type: 'legacy', nonce: 3, value: 10n ** 16n, gas: 21000n, gasPrice: 20_000_000_000n });
    const { sig, from } = await signAndRecover(eth, tx);
    expect(from).toBe(EXPECTED);
    expect(['25', '26']).toContain(sig.v);
  });

  it('legacy with a chain id above one byte: the device byte overflows and hw-app-eth recovers it', async () => {
    const { eth } = setup();
    const tx = toRecipient({ type: 'legacy', chainId: 31337, nonce: 0, value: 1n, gas: 21000n, gasPrice: 1n });
    const { sig, from } = await signAndRecover(eth, tx);
    expect(from).toBe(EXPECTED);
    expect([31337 * 2 + 35, 31337 * 2 + 36]).toContain(Number.parseInt(sig.v, 16));
  });

  it('EIP-2930 (type 1): v is the parity bit', async () => {
    const { eth } = setup();
    const tx = toRecipient({
      type: 'eip2930',
      nonce: 7,
      value: 5n,
      gas: 30000n,
      gasPrice: 5_000_000_000n,
      accessList: [{ address: RECIPIENT, storageKeys: [`0x${'00'.repeat(31)}03`] }],
    });
    const { sig, from } = await signAndRecover(eth, tx);
    expect(from).toBe(EXPECTED);
    expect(['00', '01']).toContain(sig.v);
  });

  it('EIP-1559 (type 2): v is the parity bit', async () => {
    const { eth } = setup();
    const tx = toRecipient({
      type: 'eip1559',
      chainId: 11155111,
      nonce: 1,
      value: 0n,
      gas: 21000n,
      maxFeePerGas: 30n * 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    const { sig, from } = await signAndRecover(eth, tx);
    expect(from).toBe(EXPECTED);
    expect(['00', '01']).toContain(sig.v);
  });

  it('streams calldata longer than one APDU in 255-byte chunks', async () => {
    const { eth, sent } = setup();
    const data = `0xa9059cbb${'ab'.repeat(600)}` as const;
    const tx = toRecipient({ type: 'eip1559', nonce: 2, value: 0n, data, gas: 100000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    const { from } = await signAndRecover(eth, tx);
    expect(from).toBe(EXPECTED);
    const signApdus = sent.filter((a) => a[0] === 0xe0 && a[1] === 0x04);
    expect(signApdus.length).toBe(3);
    expect(signApdus.map((a) => a[2])).toEqual([0x00, 0x80, 0x80]);
    expect(signApdus[0]![4]).toBe(255);
  });

  it('streams long legacy calldata too (hw-app-eth avoids splitting before v, r, s)', async () => {
    const { eth, sent } = setup();
    const tx = toRecipient({ type: 'legacy', nonce: 2, value: 0n, data: `0x${'cd'.repeat(300)}`, gas: 100000n, gasPrice: 2n });
    const { from } = await signAndRecover(eth, tx);
    expect(from).toBe(EXPECTED);
    expect(sent.filter((a) => a[1] === 0x04).length).toBeGreaterThan(1);
  });
});

describe('emulated Ledger: messages', () => {
  it('signs a personal message (EIP-191) with v = 27/28', async () => {
    const { eth } = setup();
    const message = 'Vaultdesk login';
    const sig = await eth.signPersonalMessage(PATH, Buffer.from(message).toString('hex'));
    expect([27, 28]).toContain(sig.v);
    const signature = `0x${sig.r}${sig.s}${sig.v.toString(16)}` as const;
    expect(await recoverMessageAddress({ message, signature })).toBe(EXPECTED);
  });

  it('streams a message longer than 150 bytes in chunks', async () => {
    const { eth, sent } = setup();
    const message = 'x'.repeat(400);
    const sig = await eth.signPersonalMessage(PATH, Buffer.from(message).toString('hex'));
    const signature = `0x${sig.r}${sig.s}${sig.v.toString(16)}` as const;
    expect(await recoverMessageAddress({ message, signature })).toBe(EXPECTED);
    expect(sent.filter((a) => a[1] === 0x08).length).toBe(3);
  });

  it('signs EIP-712 in hashed mode: keccak(0x1901 ‖ domain hash ‖ message hash)', async () => {
    const { eth } = setup();
    const domain = keccak256('0x01');
    const message = keccak256('0x02');
    const sig = await eth.signEIP712HashedMessage(PATH, domain.slice(2), message.slice(2));
    const hash = keccak256(concat(['0x1901', domain, message]));
    const signer = await recoverAddress({ hash, signature: { r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: sig.v - 27 } });
    expect(signer).toBe(EXPECTED);
    // A personal-message hash of the same bytes would not recover: the prefix matters.
    expect(hash).not.toBe(hashMessage({ raw: concat([domain, message]) }));
  });
});
