import { describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, maxUint256, type Hex } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import {
  BUNDLE_ERROR_CODES,
  bundleText,
  canonicalFile,
  readSignedBundle,
  readUnsignedBundle,
  seal,
  unsignedFileName,
  type SignedBundle,
  type UnsignedBundle,
} from '../../../shared/bundles';
import { ACCOUNTS, asyncRefusalOf, makeSignedText, makeUnsigned, refusalOf, DEFAULT_VAULT as VAULT } from '../../support/bundle-fixture';

// What the offline install refuses, and what the online install refuses back: each tampering is
// refused before anything reaches the device or the chain, with its own code and a message that
// names what differs.

/** A deliberate, consistent change: the content is edited and the checksum computed again. */
function resealed(bundle: UnsignedBundle, change: (b: UnsignedBundle) => void): string {
  const copy = structuredClone(bundle);
  change(copy);
  return canonicalFile(seal<UnsignedBundle>(copy));
}

function resealedSigned(text: string, change: (b: SignedBundle) => void): string {
  const copy = JSON.parse(text) as SignedBundle;
  change(copy);
  copy.unsigned = seal<UnsignedBundle>(copy.unsigned);
  return canonicalFile(seal<SignedBundle>(copy));
}

const unsigned = makeUnsigned('deposit');
const text = bundleText(unsigned);
const tx = (b: UnsignedBundle, i: number) => {
  const item = b.items[i]!;
  if (item.kind !== 'transaction') throw new Error('not a transaction');
  return item;
};

describe('unsigned bundle', () => {
  it('is accepted as exported, with a human-readable file name', () => {
    const { bundle, checksum } = readUnsignedBundle(text);
    expect(checksum).toBe(unsigned.checksum);
    expect(bundle.items.map((i) => i.kind === 'transaction' && i.action.kind)).toEqual(['approve', 'depositAA', 'approve', 'depositAA']);
    expect(bundle.items[0]).toMatchObject({ kind: 'transaction', action: { amount: { units: '250.5', symbol: 'USDC', baseUnits: '250500000' } } });
    expect(unsignedFileName(bundle)).toBe(`vaultdesk-unsigned-${bundle.createdAt.slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-deposit-alpha-credit-usdc-4tx-${checksum.slice(7, 15)}.json`);
    const dated = makeUnsigned('deposit', undefined, { createdAt: '2026-11-23T19:36:00.000Z' });
    expect(unsignedFileName(dated)).toBe(`vaultdesk-unsigned-20261123-1936-deposit-alpha-credit-usdc-4tx-${dated.checksum.slice(7, 15)}.json`);
  });

  it('refuses any changed byte', () => {
    const codes = new Set<string>();
    // One byte in every line of the file (its middle, its last and its newline), and every 13th byte.
    const positions = new Set<number>();
    let lineStart = 0;
    for (const line of text.split('\n')) {
      positions.add(lineStart + (line.length >> 1)).add(lineStart + line.length - 1).add(lineStart + line.length);
      lineStart += line.length + 1;
    }
    for (let at = 0; at < text.length; at += 13) positions.add(at);
    for (const at of positions) {
      if (at < 0 || at >= text.length) continue;
      const c = text[at]!;
      const replacement = c === '0' ? '1' : c === ' ' ? '\t' : c === '\n' ? ' ' : c === 'b' ? 'c' : /[a-f]/.test(c) ? 'b' : c === 'x' ? 'y' : '0';
      const changed = text.slice(0, at) + replacement + text.slice(at + 1);
      const refusal = refusalOf(() => readUnsignedBundle(changed));
      expect(BUNDLE_ERROR_CODES).toContain(refusal.code);
      codes.add(refusal.code);
    }
    // A change the content checks cannot see is still caught by the checksum or the layout.
    expect(codes).toContain('BUNDLE_CHECKSUM_MISMATCH');
    expect(codes).toContain('BUNDLE_ALTERED');
    expect(codes).toContain('BUNDLE_NOT_JSON');
  }, 30_000);

  it('refuses a changed label with the checksum, naming both checksums', () => {
    const changed = text.replaceAll('"Treasury 2"', '"Treasury 3"');
    expect(changed).not.toBe(text);
    const refusal = refusalOf(() => readUnsignedBundle(changed));
    expect(refusal.code).toBe('BUNDLE_CHECKSUM_MISMATCH');
    expect(refusal.message).toMatch(/changed after it was exported \(stated sha256:[0-9a-f]{64}, computed sha256:[0-9a-f]{64}\)/);
    expect(refusal.action).toMatch(/Do not sign/);
  });

  it('refuses a file whose spacing was changed, though its content is the same', () => {
    const refusal = refusalOf(() => readUnsignedBundle(JSON.stringify(JSON.parse(text))));
    expect(refusal.code).toBe('BUNDLE_ALTERED');
    expect(refusal.message).toContain('line 1');
  });

  it('refuses reordered transactions', () => {
    const swapped = structuredClone(unsigned);
    [swapped.items[0], swapped.items[1]] = [swapped.items[1]!, swapped.items[0]!];
    const unsealed = refusalOf(() => readUnsignedBundle(canonicalFile(swapped)));
    expect(unsealed).toMatchObject({ code: 'BUNDLE_TX_REORDERED', message: expect.stringContaining('position 1 holds item 2') });

    // Renumbered and sealed again: the wallet's nonces still tell.
    const renumbered = resealed(unsigned, (b) => {
      [b.items[0], b.items[1]] = [b.items[1]!, b.items[0]!];
      b.items.forEach((item, i) => (item.index = i));
    });
    const refusal = refusalOf(() => readUnsignedBundle(renumbered));
    expect(refusal.code).toBe('BUNDLE_TX_REORDERED');
    expect(refusal.message).toMatch(/^Transaction 1 \(Treasury 1 0x[0-9a-fA-F]{8}…, nonce 15\) comes where nonce 14 of the same wallet was planned/);
  });

  it('refuses a dropped transaction', () => {
    const dropped = structuredClone(unsigned);
    dropped.items.splice(2, 1);
    expect(refusalOf(() => readUnsignedBundle(canonicalFile(dropped)))).toMatchObject({
      code: 'BUNDLE_TX_DROPPED',
      message: 'Item 3 of 4 is missing from the bundle (it holds 3): a transaction or agreement was removed.',
    });

    // Counts and positions corrected and sealed again: W1's first nonce is missing.
    const hidden = resealed(unsigned, (b) => {
      b.items.splice(2, 1);
      b.items.forEach((item, i) => (item.index = i));
      b.counts.transactions = 3;
    });
    const refusal = refusalOf(() => readUnsignedBundle(hidden));
    expect(refusal.code).toBe('BUNDLE_TX_DROPPED');
    expect(refusal.message).toMatch(/Transaction 3 \(Treasury 2 .*nonce 4\): nonce 3 of this wallet is missing before it/);
  });

  it('refuses a transaction for another chain', () => {
    const changed = resealed(unsigned, (b) => {
      tx(b, 1).transaction.chainId = 1;
      tx(b, 1).review.chainId = 1;
    });
    const refusal = refusalOf(() => readUnsignedBundle(changed));
    expect(refusal.code).toBe('BUNDLE_WRONG_CHAIN');
    expect(refusal.message).toContain('is for chain 1, but Alpha Credit USDC is on chain 31337');
  });

  it('refuses an unknown version with its own message', () => {
    const v5 = text.replace('"version": 4', '"version": 5');
    const refusal = refusalOf(() => readUnsignedBundle(v5));
    expect(refusal.code).toBe('BUNDLE_UNKNOWN_VERSION');
    expect(refusal.message).toBe('This unsigned bundle is format version 5; this console reads version 4 only.');
    expect(refusal.action).toMatch(/same Vaultdesk version/);
  });

  it('refuses calldata that does not do what the item states', () => {
    // An unlimited approval where the review says 250.5 USDC.
    const unlimited = resealed(unsigned, (b) => {
      tx(b, 0).transaction.data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [VAULT.epochVault as Hex, maxUint256] });
    });
    const a = refusalOf(() => readUnsignedBundle(unlimited));
    expect(a.code).toBe('BUNDLE_CALLDATA_MISMATCH');
    expect(a.message).toMatch(/^Transaction 1 \(Treasury 1 .*, nonce 14\): argument amount is stated as 250500000, but the calldata says 1157920892/);

    // The approval made out to someone else.
    const stranger = resealed(unsigned, (b) => {
      tx(b, 0).transaction.data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ACCOUNTS.stranger.address, 250_500_000n] });
    });
    expect(refusalOf(() => readUnsignedBundle(stranger)).message).toContain(`argument spender is stated as ${VAULT.epochVault}, but the calldata says ${ACCOUNTS.stranger.address}`);

    // Another function of the vault under the same stated action, and a call the vault does not have.
    const other = resealed(unsigned, (b) => {
      tx(b, 1).transaction.data = encodeFunctionData({ abi: epochVaultAbi, functionName: 'claimInstantWithdrawRequest' });
    });
    expect(refusalOf(() => readUnsignedBundle(other))).toMatchObject({
      code: 'BUNDLE_CALLDATA_MISMATCH',
      message: expect.stringContaining('the function is stated as depositAA, but the calldata says claimInstantWithdrawRequest'),
    });
    const queueCall = resealed(unsigned, (b) => {
      tx(b, 1).transaction.data = encodeFunctionData({ abi: epochQueueAbi, functionName: 'requestDeposit', args: [250_500_000n] });
    });
    expect(refusalOf(() => readUnsignedBundle(queueCall)).message).toContain('the call is stated as depositAA on the epochVault, but the calldata says no function of that contract');

    // Ether sent along with the call.
    const ether = resealed(unsigned, (b) => {
      tx(b, 1).transaction.value = '1000000000000000000';
    });
    expect(refusalOf(() => readUnsignedBundle(ether)).message).toContain('the ether sent (value) is stated as 0 ETH, but the calldata says 1 ETH');
  });

  it('refuses a review that does not describe its transaction', () => {
    const title = resealed(unsigned, (b) => {
      tx(b, 0).review.title = 'Approve 25.05 USDC to the Alpha Credit USDC epoch vault';
    });
    expect(refusalOf(() => readUnsignedBundle(title))).toMatchObject({ code: 'BUNDLE_REVIEW_MISMATCH', message: expect.stringContaining("the review's title") });
    const hash = resealed(unsigned, (b) => {
      tx(b, 3).review.signingHash = keccak256('0x01');
    });
    expect(refusalOf(() => readUnsignedBundle(hash)).message).toContain("the review's hash to compare on the device is stated as");
    const fees = resealed(unsigned, (b) => {
      tx(b, 3).transaction.maxFeePerGas = '900000000000';
    });
    expect(refusalOf(() => readUnsignedBundle(fees)).message).toContain("the review's max fee per gas is stated as 2000000008, but the transaction says 900000000000");
  });

  it('refuses what is not an unsigned bundle, each with its own message', async () => {
    const signedText = await makeSignedText();
    const refusals = [
      refusalOf(() => readUnsignedBundle('{"format": "vaultdesk.unsigned-bundle", "version": 1,')),
      refusalOf(() => readUnsignedBundle('{"wallets": []}')),
      refusalOf(() => readUnsignedBundle(signedText)),
      refusalOf(() => readUnsignedBundle(text.replace('"nonce": 14', '"nonce": "14"'))),
    ];
    expect(refusals.map((r) => r.code)).toEqual(['BUNDLE_NOT_JSON', 'BUNDLE_NOT_A_BUNDLE', 'BUNDLE_WRONG_KIND', 'BUNDLE_SCHEMA']);
    expect(refusals[2]!.message).toContain('This is a signed bundle');
    // What to do, in plain words: "an unsigned bundle", "a signed bundle".
    expect(refusals[1]!.action).toBe('Choose a file saved by the console as an unsigned bundle.');
    expect((await asyncRefusalOf(() => readSignedBundle('{"wallets": []}'))).action).toBe('Choose a file saved by the console as a signed bundle.');
    expect(refusals[3]!.message).toMatch(/items\.0\.review\.nonce: Invalid input: expected number/);
    expect(new Set(refusals.map((r) => r.message)).size).toBe(refusals.length);
  });

  it('reads lender agreements and claims the same way', () => {
    for (const action of ['agreements', 'claim'] as const) {
      const bundle = makeUnsigned(action);
      expect(readUnsignedBundle(bundleText(bundle)).checksum).toBe(bundle.checksum);
    }
    const claim = makeUnsigned('claim');
    const otherEpoch = resealed(claim, (b) => {
      tx(b, 0).transaction.data = encodeFunctionData({ abi: epochQueueAbi, functionName: 'claimDepositRequest', args: [3n] });
    });
    expect(refusalOf(() => readUnsignedBundle(otherEpoch)).message).toContain('argument epoch is stated as 2, but the calldata says 3');
  });
});

describe('signed bundle', () => {
  it('is accepted when every signature is the reviewed draft, signed by its wallet', async () => {
    const signedText = await makeSignedText();
    const { bundle } = await readSignedBundle(signedText);
    expect(bundle.unsignedChecksum).toBe(unsigned.checksum);
    expect(bundle.items.every((i) => i.state === 'signed')).toBe(true);
    await expect(readSignedBundle(await makeSignedText('agreements'))).resolves.toBeTruthy();
  });

  it('refuses a transaction signed by another wallet', async () => {
    const signedText = await makeSignedText();
    const stranger = await ACCOUNTS.stranger.signTransaction({
      type: 'eip1559',
      ...(() => {
        const t = tx(unsigned, 1).transaction;
        return { chainId: t.chainId, nonce: t.nonce, to: t.to as Hex, data: t.data as Hex, value: 0n, gas: BigInt(t.gas), maxFeePerGas: BigInt(t.maxFeePerGas), maxPriorityFeePerGas: BigInt(t.maxPriorityFeePerGas) };
      })(),
    });
    const changed = resealedSigned(signedText, (b) => {
      b.items[1]!.transaction = { ...b.items[1]!.transaction!, serialized: stranger, hash: keccak256(stranger) };
    });
    const refusal = await asyncRefusalOf(() => readSignedBundle(changed));
    expect(refusal.code).toBe('BUNDLE_WRONG_SIGNER');
    expect(refusal.message).toBe(
      `Transaction 2 (Treasury 1 ${ACCOUNTS.W0.address.slice(0, 10)}…, nonce 15) is signed by ${ACCOUNTS.stranger.address}, not by its wallet ${ACCOUNTS.W0.address}: sent, it would come from another account.`,
    );
  });

  it('refuses an agreement signed by another wallet', async () => {
    const signedText = await makeSignedText('agreements');
    const forged = await ACCOUNTS.stranger.signMessage({ message: 'I accept the Terms of Service of Alpha Credit.' });
    const changed = resealedSigned(signedText, (b) => {
      b.items[0]!.signature = forged;
    });
    const refusal = await asyncRefusalOf(() => readSignedBundle(changed));
    expect(refusal.code).toBe('BUNDLE_WRONG_SIGNER');
    expect(refusal.message).toContain(`is signed by ${ACCOUNTS.stranger.address}`);
  });

  it('refuses a signed transaction that is not the reviewed draft', async () => {
    const signedText = await makeSignedText();
    const t = tx(unsigned, 1).transaction;
    const base = { type: 'eip1559' as const, nonce: t.nonce, to: t.to as Hex, data: t.data as Hex, value: 0n, maxFeePerGas: BigInt(t.maxFeePerGas), maxPriorityFeePerGas: BigInt(t.maxPriorityFeePerGas) };
    const moreGas = await ACCOUNTS.W0.signTransaction({ ...base, chainId: t.chainId, gas: 5_000_000n });
    const gasRefusal = await asyncRefusalOf(() =>
      readSignedBundle(resealedSigned(signedText, (b) => (b.items[1]!.transaction = { ...b.items[1]!.transaction!, serialized: moreGas, hash: keccak256(moreGas) }))),
    );
    expect(gasRefusal).toMatchObject({ code: 'BUNDLE_SIGNED_MISMATCH', message: expect.stringContaining('gas is stated as 120000, but the signed transaction says 5000000') });

    const otherChain = await ACCOUNTS.W0.signTransaction({ ...base, chainId: 1, gas: BigInt(t.gas) });
    const chainRefusal = await asyncRefusalOf(() =>
      readSignedBundle(resealedSigned(signedText, (b) => (b.items[1]!.transaction = { ...b.items[1]!.transaction!, serialized: otherChain, hash: keccak256(otherChain) }))),
    );
    expect(chainRefusal).toMatchObject({ code: 'BUNDLE_WRONG_CHAIN', message: expect.stringContaining('was reviewed for chain 31337 but is signed for chain 1') });
  });

  it('refuses reordered or dropped signatures, a changed byte, another bundle and an unknown version', async () => {
    const signedText = await makeSignedText();
    const reordered = await asyncRefusalOf(() => readSignedBundle(resealedSigned(signedText, (b) => ([b.items[0], b.items[1]] = [b.items[1]!, b.items[0]!]))));
    const dropped = await asyncRefusalOf(() => readSignedBundle(resealedSigned(signedText, (b) => b.items.pop())));
    const byte = await asyncRefusalOf(() => readSignedBundle(signedText.replace('"signedAt": "2026-11-23T20:00', '"signedAt": "2026-11-23T21:00')));
    const other = await asyncRefusalOf(() => readSignedBundle(resealedSigned(signedText, (b) => (b.unsignedChecksum = `sha256:${'0'.repeat(64)}`))));
    const version = await asyncRefusalOf(() => readSignedBundle(signedText.replace(/\n {2}"version": 4\n}/, '\n  "version": 7\n}')));
    const kind = await asyncRefusalOf(() => readSignedBundle(text));
    expect([reordered, dropped, byte, other, version, kind].map((r) => r.code)).toEqual([
      'BUNDLE_TX_REORDERED',
      'BUNDLE_TX_DROPPED',
      'BUNDLE_CHECKSUM_MISMATCH',
      'BUNDLE_UNSIGNED_MISMATCH',
      'BUNDLE_UNKNOWN_VERSION',
      'BUNDLE_WRONG_KIND',
    ]);
    expect(version.message).toBe('This signed bundle is format version 7; this console reads version 4 only.');
    // Any byte of a signature changed: refused before the checksum, by what the bytes now say.
    const at = signedText.indexOf('"serialized": "0x') + 40;
    for (let i = at; i < at + 120; i += 7) {
      const changed = signedText.slice(0, i) + (signedText[i] === 'a' ? 'b' : 'a') + signedText.slice(i + 1);
      expect((await asyncRefusalOf(() => readSignedBundle(changed))).code).toMatch(/^BUNDLE_(SIGNED_MISMATCH|WRONG_SIGNER|WRONG_CHAIN)$/);
    }
  });

  it('checks the reviewed bundle it carries as the offline install did', async () => {
    const signedText = await makeSignedText();
    const changed = resealedSigned(signedText, (b) => {
      const item = b.unsigned.items[0]!;
      if (item.kind === 'transaction') item.transaction.data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [VAULT.queue as Hex, 250_500_000n] });
    });
    const refusal = await asyncRefusalOf(() => readSignedBundle(changed));
    expect(refusal.code).toBe('BUNDLE_CALLDATA_MISMATCH');
  });
});
