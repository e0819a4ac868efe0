/**
 * The signing operations: offline (no resolution lookups), each signature checked by recovering
 * the account's address before it is returned.
 */
import {
  concat,
  isAddressEqual,
  keccak256,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  serializeTransaction,
  type Hex,
  type TransactionSerializable,
} from 'viem';
import { AppError } from '../../../shared/errors';
import { BLIND_SIGNING_OFF } from '../../../shared/device/errors';
import { personalMessageScreens, typedDataHashScreens } from '../../../shared/device/screens';
import { appSupports, appTooOld, type AppFeature } from '../../../shared/device/versions';
import type { DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';
import { inEthereumApp } from './app-status';
import { accountAt, type DeviceAccess } from './device-access';
import { checkNotPlanner, checkPath, hexBytes, invalidRequest, signatureMismatch } from './device-errors';
import { resolveTokenInformation, type DeviceTransport, type TransactionResolution } from './ledgerhq';
import { provideNetwork } from './network-provision';
import { descriptorList, type DescriptorIndex } from './token-descriptors';
import { clearSignedApproval, expectedScreens, hasCalldata, signingHash, toViemTransaction } from './transaction';
import { clearSigningOf, signInClearOnDevice, type CalldataDescriptorSource } from './clear-signing';
import { carriedDescriptors } from './ledger-service/carried-call';

export interface SignOptions {
  expectedAddress?: string;
  /** Token descriptors besides Ledger's own (signed by a key only an emulated device trusts). */
  descriptors?: DescriptorIndex;
  /** Certified ERC-7730 descriptors: a call one covers is signed in clear (generic parser). */
  calldataDescriptors?: CalldataDescriptorSource;
}

/**
 * Signs a transaction with the account at `path`. The device shows the review of
 * `expectedScreens`; the signature is checked by recovering the account's address before the
 * signed transaction is returned.
 */
export async function signTransaction(
  device: DeviceAccess,
  path: string,
  request: DeviceTransactionRequest,
  options: SignOptions,
): Promise<SignedTransaction> {
  checkPath(path);
  checkNotPlanner(path);
  const tx = toViemTransaction(request);
  const { eth, ready } = await device.ethereum();
  if (request.type !== 'legacy') requireFeature(ready.appVersion, 'typedTransactions');
  // The console promises that the device shows the hash it shows; an older app shows no hash.
  if (hasCalldata(tx)) requireFeature(ready.appVersion, 'blindSigningHash');
  const address = await accountAt(eth, path, options.expectedAddress);
  const unsigned = serializeTransaction(tx);
  // An approval of a token with a descriptor is shown in clear once its token information is
  // provided (no blind signing needed), after the network's description on a chain the app's table
  // lacks; a call a certified descriptor covers goes through the generic parser; every other call
  // is reviewed blind, by its hash.
  const approval = clearSignedApproval(tx, options.descriptors, {
    ...(options.calldataDescriptors ? { source: options.calldataDescriptors } : {}),
    appVersion: ready.appVersion,
  });
  let resolution: TransactionResolution | null = null;
  if (approval) {
    resolution = await resolveTokenInformation(unsigned.slice(2), tx.chainId ?? 1, descriptorList(approval.descriptor));
    if (!resolution.erc20Tokens.length) resolution = null;
  }
  const inClear = resolution ? null : clearSigningOf(tx, { from: address, appVersion: ready.appVersion, ...options, ...carriedDescriptors(request, tx, ready.model) });
  if (inClear) {
    device.show({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: inClear.screens });
    const sig = await signInClearOnDevice(eth, path, unsigned, inClear).catch((err: unknown) => {
      throw inEthereumApp(err, { command: 'sign-transaction', appVersion: ready.appVersion, blindSigning: ready.blindSigning, needsBlindSigning: false });
    });
    const signed = assembleSignedTransaction(tx, sig);
    checkRecovered(path, address, await recoverTransactionAddress({ serializedTransaction: signed.serialized as never }).catch(() => null));
    device.show({ status: 'ready', ...ready, address });
    return { ...signed, signingHash: signingHash(tx), from: address };
  }
  let blindSigning = ready.blindSigning;
  if (hasCalldata(tx) && !resolution) {
    // Read it now, not from the last probe: the user may have changed it on the device since.
    blindSigning = (await eth.getAppConfiguration()).arbitraryDataEnabled === 1;
    if (!blindSigning) {
      device.show({ status: 'ready', ...ready, blindSigning: false, address });
      throw new AppError({ ...BLIND_SIGNING_OFF });
    }
  }
  const screens = expectedScreens(tx, {
    from: address,
    appVersion: ready.appVersion,
    ...(ready.model ? { model: ready.model } : {}),
    ...(options.descriptors ? { descriptors: options.descriptors } : {}),
    ...(options.calldataDescriptors ? { calldataDescriptors: options.calldataDescriptors } : {}),
    ...(resolution ? {} : { blind: true }),
  });
  device.show({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens });
  // Without "0x" (with it hw-app-eth silently sends an empty buffer); the resolution holds at most
  // the token information, else `null`: no lookups. A 0x6A80 here is read with the setting just read.
  const network = resolution ? (approval?.network ?? null) : null;
  const sig = await (async () => {
    // The chain first: the app takes the token information only on a chain it knows.
    if (network) await provideNetwork(eth.transport as DeviceTransport, network);
    return eth.signTransaction(path, unsigned.slice(2), resolution);
  })().catch((err: unknown) => {
    throw inEthereumApp(err, {
      command: 'sign-transaction',
      appVersion: ready.appVersion,
      blindSigning,
      needsBlindSigning: hasCalldata(tx) && !resolution,
    });
  });
  const signed = assembleSignedTransaction(tx, sig);
  const recovered = await recoverTransactionAddress({ serializedTransaction: signed.serialized as never }).catch(() => null);
  checkRecovered(path, address, recovered);
  device.show({ status: 'ready', ...ready, blindSigning, address });
  return { ...signed, signingHash: signingHash(tx), from: address };
}

/** Signs an EIP-191 personal message: UTF-8 text, or `{ raw: '0x…' }` bytes. */
export async function signPersonalMessage(
  device: DeviceAccess,
  path: string,
  message: string | { raw: string },
  options: SignOptions,
): Promise<SignedMessage> {
  checkPath(path);
  // A personal message is what a service can ask for: never with the planner's key.
  checkNotPlanner(path);
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : hexBytes(message.raw);
  const { eth, ready } = await device.ethereum();
  requireFeature(ready.appVersion, 'personalMessageText');
  const address = await accountAt(eth, path, options.expectedAddress);
  device.show({ status: 'awaiting-confirmation', kind: 'sign-message', screens: personalMessageScreens(bytes, ready) });
  const context = { command: 'sign-message', appVersion: ready.appVersion, needsBlindSigning: false, reviewLeftOnScreen: device.reviewLeftOnScreen } as const;
  const signed = await eth.signPersonalMessage(path, Buffer.from(bytes).toString('hex')).catch((err: unknown) => {
    throw inEthereumApp(err, context);
  });
  const signature = signatureHex(signed);
  checkRecovered(path, address, await recoverMessageAddress({ message: { raw: bytes }, signature }).catch(() => null));
  device.show({ status: 'ready', ...ready, address });
  return { signature, address };
}

/**
 * Signs EIP-712 typed data in the app's hashed mode (E0 0C P2=00, as the planner signs bundles):
 * the caller computes the domain separator and `hashStruct(message)`; the device shows both hashes
 * ("Domain hash", "Message hash"), which the console showed before asking.
 */
export async function signTypedDataHash(
  device: DeviceAccess,
  path: string,
  hashes: { domainHash: string; messageHash: string },
  options: SignOptions,
): Promise<SignedMessage> {
  checkPath(path);
  const domain = hexBytes(hashes.domainHash);
  const message = hexBytes(hashes.messageHash);
  if (domain.length !== 32 || message.length !== 32) {
    throw invalidRequest('EIP-712 hashes must be 32 bytes each.', 'Rebuild the typed data and try again.');
  }
  const { eth, ready } = await device.ethereum();
  const address = await accountAt(eth, path, options.expectedAddress);
  // The app signs hashed EIP-712 only with blind signing on (it answers 0x6A80 otherwise).
  if ((await eth.getAppConfiguration()).arbitraryDataEnabled !== 1) {
    device.show({ status: 'ready', ...ready, blindSigning: false, address });
    throw new AppError({
      ...BLIND_SIGNING_OFF,
      message: 'Blind signing is turned off in the Ethereum app, so the Ledger refuses to sign typed data by its hashes.',
      action:
        'On the device, open the Ethereum app, go to Settings and turn on "Blind signing", then sign again. Compare the two hashes on the device with the ones Vaultdesk shows.',
    });
  }
  device.show({
    status: 'awaiting-confirmation',
    kind: 'sign-typed-data',
    screens: typedDataHashScreens(hashes.domainHash, hashes.messageHash, ready),
  });
  const sig = await eth
    .signEIP712HashedMessage(path, hashes.domainHash.slice(2), hashes.messageHash.slice(2))
    .catch((err: unknown) => {
      throw inEthereumApp(err, { command: 'sign-typed-data', appVersion: ready.appVersion, blindSigning: true, needsBlindSigning: true });
    });
  const digest = keccak256(concat([new Uint8Array([0x19, 0x01]), domain, message]));
  const signature = signatureHex(sig);
  checkRecovered(path, address, await recoverAddress({ hash: digest, signature }).catch(() => null));
  device.show({ status: 'ready', ...ready, address });
  return { signature, address };
}

/** `r ‖ s ‖ v` of a message signature (v is a number there, 27 or 28). */
function signatureHex(sig: { v: number; r: string; s: string }): Hex {
  return `0x${sig.r}${sig.s}${sig.v.toString(16).padStart(2, '0')}`;
}

function checkRecovered(path: string, address: string, recovered: Hex | null): void {
  if (!recovered || !isAddressEqual(recovered, address as Hex)) throw signatureMismatch(path, address, recovered);
}

/** Rebuilds the signed transaction from hw-app-eth's `{v, r, s}` (v in hex, already EIP-155 for legacy). */
function assembleSignedTransaction(
  tx: TransactionSerializable,
  sig: { v: string; r: string; s: string },
): Pick<SignedTransaction, 'serialized' | 'hash' | 'r' | 's' | 'v' | 'yParity'> {
  const r = `0x${sig.r.padStart(64, '0')}` as Hex;
  const s = `0x${sig.s.padStart(64, '0')}` as Hex;
  const vRaw = BigInt(`0x${sig.v}`);
  let yParity: number;
  let v: bigint;
  if (tx.type === 'legacy') {
    const base = BigInt(tx.chainId ?? 0) * 2n + 35n;
    yParity = Number(tx.chainId ? vRaw - base : vRaw - 27n);
    v = vRaw;
  } else {
    yParity = Number(vRaw);
    v = vRaw;
  }
  if (yParity !== 0 && yParity !== 1) {
    throw new AppError({
      code: 'DEVICE_SIGNATURE_MISMATCH',
      message: `The Ledger returned an invalid signature (v = ${v}).`,
      action: 'Nothing was broadcast. Retry; if it persists, update the Ethereum app.',
    });
  }
  const serialized = tx.type === 'legacy' ? serializeTransaction(tx, { r, s, v }) : serializeTransaction(tx, { r, s, yParity });
  return { serialized, hash: keccak256(serialized), r, s, v: v.toString(), yParity };
}

/** Refuses before anything reaches the device when the open app is too old for `feature`. */
function requireFeature(appVersion: string, feature: AppFeature): void {
  if (!appSupports(appVersion, feature)) throw new AppError(appTooOld(appVersion, feature));
}
