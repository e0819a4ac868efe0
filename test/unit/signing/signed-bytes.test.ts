import { describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { erc20Abi } from '../../../shared/abi';
import { toViemTransaction } from '../../../electron/services/device';
import { signedBytesProblem } from '../../../electron/services/signing/signed-bytes';
import type { BatchItem } from '../../../shared/signing/schemas';
import { batchItem, TX } from './batch-fixture';

// Signed bytes kept in a journal are sent only when they are exactly the item's draft, signed by
// the item's own wallet.

const wallet = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const DEAD = '0x000000000000000000000000000000000000dEaD';
const draft = { ...TX, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [TX.to as Hex, 250_500_000n] }) };

async function signedItem(by = wallet, tx = draft): Promise<BatchItem> {
  const serialized = await by.signTransaction(toViemTransaction(tx) as never);
  return batchItem('001', {
    wallet: wallet.address,
    step: 'approve',
    tx: draft,
    state: 'signed',
    signed: { serialized, hash: keccak256(serialized), signingHash: `0x${'00'.repeat(32)}`, at: '1970-01-01T00:00:00.000Z' },
  });
}

describe('signed bytes against the draft', () => {
  it('the draft signed by its wallet may be sent', async () => {
    expect(await signedBytesProblem(await signedItem())).toBeNull();
  });

  it('the draft signed by another key is refused, naming both accounts', async () => {
    const problem = await signedBytesProblem(await signedItem(other));
    expect(problem).toMatchObject({ code: 'SIGNING_SIGNED_MISMATCH', action: expect.stringContaining('Nothing of it reached the chain') });
    expect(problem!.message).toContain(`it is signed by ${other.address}, not by its wallet ${wallet.address}`);
  });

  it('other calldata signed by the right wallet (an approval to 0x…dEaD) is refused, saying where the calldata differs', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, (1n << 256n) - 1n] });
    const problem = await signedBytesProblem(await signedItem(wallet, { ...draft, data }));
    expect(problem!.message).toMatch(/^W0 approve \(nonce 4\): the signed transaction in the journal is not this item's draft — its calldata differs from byte 16 \(68 bytes drafted, 68 signed\)\. It was not sent\.$/);
  });

  it.each([
    ['nonce', { nonce: 9 }, 'its nonce is 9, the draft\'s 4'],
    ['contract', { to: DEAD }, `its to is ${DEAD.toLowerCase()}, the draft's ${TX.to.toLowerCase()}`],
    ['chain', { chainId: 1 }, "its chainId is 1, the draft's 31337"],
    ['fee', { maxFeePerGas: '9000000000' }, "its maxFeePerGas is 9000000000, the draft's 2000000000"],
    ['ether', { value: '1' }, "its value is 1, the draft's 0"],
  ])('another %s signed is refused', async (_, patch, words) => {
    expect((await signedBytesProblem(await signedItem(wallet, { ...draft, ...patch })))!.message).toContain(words);
  });

  it('bytes that are no transaction, or whose hash is not the one journaled, are refused', async () => {
    const item = await signedItem();
    expect((await signedBytesProblem({ ...item, signed: { ...item.signed!, serialized: '0x02c0' } }))!.message).toContain('the bytes are not a transaction');
    expect((await signedBytesProblem({ ...item, signed: { ...item.signed!, hash: `0x${'ab'.repeat(32)}` } }))!.message).toContain('the journal names it 0xabab');
  });
});
