import {
  keccak256,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerializedEIP1559,
} from 'viem';
import { checkChecksum, checkLayout, parseEnvelope } from './envelope';
import { bundleError, differs, itemName } from './errors';
import { SignedBundleSchema, type BundleItem, type SignedBundle, type SignedItem } from './schemas';
import { bundleSigningHash } from './transaction';
import { checkUnsignedContent } from './verify-unsigned';
import type { ScreensOf } from './transaction';

/**
 * Import of a signed bundle back online. The unsigned bundle it carries is checked again as the
 * offline install checked it; then every signed transaction must parse to exactly its reviewed
 * draft and recover to its wallet, and every agreement signature must recover to its wallet.
 */

const lower = (s: string) => s.toLowerCase();

async function checkSignedTransaction(item: Extract<BundleItem, { kind: 'transaction' }>, signed: SignedItem): Promise<void> {
  const draft = item.transaction;
  const tx = signed.transaction!;
  const mismatch = (field: string, stated: string, found: string) =>
    differs('BUNDLE_SIGNED_MISMATCH', item, draft.nonce, field, stated, found, 'the signed transaction');
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(tx.serialized as Hex);
  } catch (err) {
    throw bundleError('BUNDLE_SIGNED_MISMATCH', `${itemName(item, draft.nonce)}: the signed bytes are not a transaction (${(err as Error).message.split('\n')[0]}).`, {
      index: item.index,
    });
  }
  if (parsed.type !== 'eip1559') throw mismatch('the transaction type', 'eip1559', String(parsed.type));
  if (parsed.chainId !== draft.chainId) {
    throw bundleError(
      'BUNDLE_WRONG_CHAIN',
      `${itemName(item, draft.nonce)} was reviewed for chain ${draft.chainId} but is signed for chain ${String(parsed.chainId)}.`,
      { index: item.index, field: 'chainId', stated: String(draft.chainId), found: String(parsed.chainId) },
    );
  }
  const fields: [string, string, string][] = [
    ['to', draft.to, parsed.to ?? 'none'],
    ['data', draft.data, parsed.data ?? '0x'],
    ['value', draft.value, (parsed.value ?? 0n).toString()],
    ['nonce', String(draft.nonce), String(parsed.nonce ?? 'none')],
    ['gas', draft.gas, (parsed.gas ?? 0n).toString()],
    ['maxFeePerGas', draft.maxFeePerGas, (parsed.maxFeePerGas ?? 0n).toString()],
    ['maxPriorityFeePerGas', draft.maxPriorityFeePerGas, (parsed.maxPriorityFeePerGas ?? 0n).toString()],
    ['accessList', '[]', JSON.stringify(parsed.accessList ?? [])],
  ];
  for (const [field, stated, found] of fields) {
    if (lower(stated) !== lower(found)) {
      // Calldata is long: name where it starts to differ rather than printing both.
      if (field === 'data') {
        let at = 0;
        while (at < stated.length && lower(stated[at]!) === lower(found[at] ?? '')) at++;
        throw mismatch('data', `${stated.length / 2 - 1} bytes`, `other bytes from byte ${Math.max(0, (at - 2) >> 1)}`);
      }
      throw mismatch(field, stated, found);
    }
  }
  if (parsed.r === undefined || parsed.s === undefined || parsed.yParity === undefined) {
    throw bundleError('BUNDLE_SIGNED_MISMATCH', `${itemName(item, draft.nonce)}: the transaction carries no signature.`, { index: item.index });
  }
  const hash = keccak256(tx.serialized as Hex);
  if (lower(tx.hash) !== hash) throw mismatch('the transaction hash', tx.hash, hash);
  const signingHash = bundleSigningHash(draft);
  if (lower(tx.signingHash) !== signingHash) throw mismatch('the hash signed on the device', tx.signingHash, signingHash);
  if (lower(item.review.signingHash) !== signingHash) throw mismatch('the reviewed hash', item.review.signingHash, signingHash);
  let signer: string;
  try {
    signer = await recoverTransactionAddress({ serializedTransaction: tx.serialized as TransactionSerializedEIP1559 });
  } catch {
    throw bundleError('BUNDLE_WRONG_SIGNER', `${itemName(item, draft.nonce)}: the signature does not recover to any address.`, { index: item.index });
  }
  if (lower(signer) !== lower(item.wallet.address)) {
    throw bundleError(
      'BUNDLE_WRONG_SIGNER',
      `${itemName(item, draft.nonce)} is signed by ${signer}, not by its wallet ${item.wallet.address}: sent, it would come from another account.`,
      { index: item.index, wallet: item.wallet.address, signer },
    );
  }
}

async function checkSignedMessage(item: Extract<BundleItem, { kind: 'message' }>, signed: SignedItem): Promise<void> {
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message: item.message.text, signature: signed.signature as Hex });
  } catch {
    throw bundleError('BUNDLE_WRONG_SIGNER', `${itemName(item)}: the signature is not a valid personal_sign signature.`, { index: item.index });
  }
  if (lower(signer) !== lower(item.wallet.address)) {
    throw bundleError(
      'BUNDLE_WRONG_SIGNER',
      `${itemName(item)} is signed by ${signer}, not by its wallet ${item.wallet.address}: the service would refuse it.`,
      { index: item.index, wallet: item.wallet.address, signer },
    );
  }
}

/** One signed entry per reviewed item, in the same order, each with what its state says it holds. */
function checkSignedSequence(bundle: SignedBundle): void {
  const items = bundle.unsigned.items;
  if (bundle.items.length < items.length) {
    const missing = items.find((i) => !bundle.items.some((s) => s.id === i.id)) ?? items[bundle.items.length]!;
    throw bundleError(
      'BUNDLE_TX_DROPPED',
      `${itemName(missing)} is missing from the signed bundle (it holds ${bundle.items.length} of ${items.length} items).`,
      { index: missing.index },
    );
  }
  if (bundle.items.length > items.length) {
    throw bundleError('BUNDLE_INCONSISTENT', `The signed bundle holds ${bundle.items.length} items; the reviewed bundle has ${items.length}.`);
  }
  bundle.items.forEach((signed, i) => {
    const reviewed = items[i]!;
    if (signed.index !== i || signed.id !== reviewed.id) {
      const known = items.find((x) => x.id === signed.id);
      throw bundleError(
        known ? 'BUNDLE_TX_REORDERED' : 'BUNDLE_INCONSISTENT',
        known
          ? `The signed items are out of order: position ${i + 1} holds ${itemName(known)}, where ${itemName(reviewed)} was reviewed.`
          : `Position ${i + 1} of the signed bundle holds item ${signed.id}, which was never reviewed.`,
        { position: i + 1 },
      );
    }
    const holds = signed.state === 'signed';
    const isTx = reviewed.kind === 'transaction';
    if ((holds && isTx) !== (signed.transaction !== null) || (holds && !isTx) !== (signed.signature !== null)) {
      throw bundleError(
        'BUNDLE_INCONSISTENT',
        `${itemName(reviewed)} is ${signed.state} but ${holds ? 'carries no' : 'still carries a'} ${isTx ? 'signed transaction' : 'signature'}.`,
        { index: i },
      );
    }
  });
}

/** Reads and checks the text of a signed bundle file. Throws the refusal with its own code. */
export async function readSignedBundle(
  text: string,
  screensOf?: ScreensOf,
): Promise<{ bundle: SignedBundle; checksum: string }> {
  const { raw, bundle } = parseEnvelope(text, 'signed', SignedBundleSchema);
  const unsignedChecksum = checkUnsignedContent(bundle.unsigned, raw.unsigned as Record<string, unknown>, 'the reviewed bundle inside it', screensOf);
  if (bundle.unsignedChecksum !== unsignedChecksum) {
    throw bundleError(
      'BUNDLE_UNSIGNED_MISMATCH',
      `The signed bundle says it was made from ${bundle.unsignedChecksum}, but the reviewed bundle it carries is ${unsignedChecksum}.`,
      { stated: bundle.unsignedChecksum, found: unsignedChecksum },
    );
  }
  checkSignedSequence(bundle);
  for (const [i, signed] of bundle.items.entries()) {
    if (signed.state !== 'signed') continue;
    const item = bundle.unsigned.items[i]!;
    if (item.kind === 'transaction') await checkSignedTransaction(item, signed);
    else await checkSignedMessage(item, signed);
  }
  checkLayout(text, raw, 'this signed bundle');
  return { bundle, checksum: checkChecksum(raw, 'this signed bundle') };
}
