/**
 * Clear signing of the vault calls through the Ethereum app's generic parser (app ≥ 1.14): when a
 * certified ERC-7730 descriptor covers the call (its chain, contract and selector), the transaction
 * is stored on the device (E0 04, P2 = 01), the calldata certificate loaded (B0 06), the signed
 * TRANSACTION_INFO (E0 26) and each FIELD (E0 28) given, the tokens the amounts name provided
 * (E0 0A), and the review started (E0 04, P2 = 02). The device then shows the call's intent and
 * fields in clear, needs no blind signing, and shows no hash. Without a certified descriptor the
 * call is signed blind, as before.
 *
 * Where certified descriptors come from: Ledger certifies a descriptor once it is merged into its
 * registry and serves the signed structures from its service (`ledger-service/`: asked at plan
 * time, a call used only when its structures are ours byte for byte, carried with the job to the
 * device). A source built with `certifiedSource` signs the structures itself: with the emulator's
 * test key in tests and the demo (a real Ledger refuses those). Without a source, every call is blind.
 */
import { hexToBytes, type Hex, type TransactionSerializable } from 'viem';
import { clearSignedReviewScreens } from '../../../shared/device/clear-sign-screens';
import { GENERIC_PARSER_INS, KEY_USAGE_CALLDATA, LOAD_CERTIFICATE_INS, SIGN_MODE } from '../../../shared/device/generic-parser';
import type { DeviceScreen } from '../../../shared/device/state';
import { concatBytes, uintBytes } from '../../../shared/device/tlv';
import { parseBip32Path } from '../../../shared/device/paths';
import { isKnownNetwork } from '../../../shared/device/screens';
import { appSupports } from '../../../shared/device/versions';
import type { ContractSet, VaultGenerations } from '../../../shared/registry/schemas';
import {
  calldataStructures,
  deploysTo,
  describedCalls,
  predictedFields,
  withSignature,
  type DescribedCall,
  type Erc7730Descriptor,
} from './calldata-descriptors';
import type { DeviceTransport, EthApp } from './ledgerhq';
import type { SignedNetwork } from './network-description';
import { APDU_CHUNK as CHUNK, descriptorRefused, networkToProvide, provideNetwork, sendStructure } from './network-provision';
import { findTokenDescriptor, type DescriptorIndex, type TokenDescriptor } from './token-descriptors';

/** The structures the device checks for one call, and the descriptor they were made from. */
export interface CertifiedCall {
  descriptor: Erc7730Descriptor;
  call: DescribedCall;
  /** PKI certificate of the key that signed `info` (key usage: calldata). */
  certificate: Uint8Array;
  /** TRANSACTION_INFO, signed. */
  info: Uint8Array;
  fields: Uint8Array[];
}

export interface CalldataDescriptorSource {
  find(chainId: number, to: string, selector: Hex): CertifiedCall | null;
  /** Token information signed by the same authority, for the amounts its calls show (else Ledger's list). */
  readonly tokens?: DescriptorIndex | undefined;
  /** A chain the app's table lacks, described and signed, so that the app takes token information on it. */
  network?(chainId: number): SignedNetwork | null;
  /** Fetches what `find` answers for a vault's contracts before a plan (Ledger's service); resolves to notes for the review. */
  prepare?(pinned: PinnedVaultCalls): Promise<string[]>;
}

/** A vault as the planner has it verified: the pinned contracts and the generation each answered as. */
export interface PinnedVaultCalls {
  vault: { chainId: number; contracts: ContractSet };
  generations: Pick<VaultGenerations, 'epochVault' | 'queue' | 'withdrawQueue'>;
}

/** A key that certifies descriptors, with its certificate. */
interface DescriptorCertifier {
  certificate: Uint8Array;
  /** DER signature over the SHA-256 of the unsigned TRANSACTION_INFO. */
  sign(unsignedInfo: Uint8Array): Uint8Array;
}

/** Descriptors this install carries, certified by `certifier`. */
export function certifiedSource(descriptors: readonly Erc7730Descriptor[], certifier: DescriptorCertifier): CalldataDescriptorSource {
  return {
    find(chainId, to, selector) {
      for (const descriptor of descriptors) {
        if (!deploysTo(descriptor, chainId, to)) continue;
        const call = describedCalls(descriptor).find((c) => c.selector === selector.toLowerCase());
        if (!call) continue;
        const { unsignedInfo, fields } = calldataStructures(descriptor, call, chainId, to);
        return { descriptor, call, certificate: certifier.certificate, info: withSignature(unsignedInfo, certifier.sign(unsignedInfo)), fields };
      }
      return null;
    },
  };
}

/** The certified descriptor for this transaction, if one covers it (a call with no ETH attached). */
export function certifiedCallOf(tx: TransactionSerializable, source: CalldataDescriptorSource | undefined): CertifiedCall | null {
  if (!source || !tx.to || !tx.data || tx.data.length < 10) return null;
  return source.find(tx.chainId ?? 1, tx.to, tx.data.slice(0, 10).toLowerCase() as Hex);
}

/** The tokens whose amounts the call shows and for which this install has signed token information. */
function tokensShown(certified: CertifiedCall, tx: TransactionSerializable, from: string, extra?: DescriptorIndex): Map<string, TokenDescriptor> {
  const found = new Map<string, TokenDescriptor>();
  predictedFields(
    certified.descriptor,
    certified.call,
    { data: tx.data!, value: tx.value ?? 0n, from, to: tx.to!, chainId: tx.chainId ?? 1 },
    (address) => {
      const d = findTokenDescriptor(tx.chainId ?? 1, address, extra);
      if (d) found.set(d.address.toLowerCase(), d);
      return d;
    },
  );
  return found;
}

/** The review the device will show for a clear-signed call. */
function clearSignedScreens(
  certified: CertifiedCall,
  tx: TransactionSerializable,
  context: { from: string; appVersion?: string; tokens: Map<string, TokenDescriptor>; maxFee: string; network?: SignedNetwork | null },
): DeviceScreen[] {
  const { tokens } = context;
  const fields = predictedFields(
    certified.descriptor,
    certified.call,
    { data: tx.data!, value: tx.value ?? 0n, from: context.from, to: tx.to!, chainId: tx.chainId ?? 1, ...(context.appVersion ? { appVersion: context.appVersion } : {}) },
    (address) => tokens.get(address.toLowerCase()) ?? null,
  );
  const owner = certified.descriptor.metadata.owner;
  return clearSignedReviewScreens({
    chainId: tx.chainId ?? 1,
    intent: certified.call.format.intent,
    ...(owner ? { creatorName: owner } : {}),
    fields,
    maxFee: context.maxFee,
    ...(context.appVersion ? { appVersion: context.appVersion } : {}),
    ...(context.network ? { network: { name: context.network.name, ticker: context.network.ticker } } : {}),
  });
}

/**
 * Signs `unsigned` (the serialized unsigned transaction) in clear: stores it, gives the device the
 * network (a chain its table lacks), the token information, the certificate and the descriptor's
 * structures, then starts the review. Answers `{v, r, s}` as hw-app-eth does (hex strings).
 */
async function signInClear(
  transport: DeviceTransport,
  pathBytes: Uint8Array,
  unsigned: Hex,
  certified: CertifiedCall,
  tokens: readonly TokenDescriptor[],
  network: SignedNetwork | null = null,
): Promise<{ v: string; r: string; s: string }> {
  if (network) await provideNetwork(transport, network);
  for (const token of tokens) await transport.send(0xe0, 0x0a, 0x00, 0x00, Buffer.from(token.payload));
  const tx = concatBytes([pathBytes, hexToBytes(unsigned)]);
  for (let at = 0; at < tx.length; at += CHUNK) {
    await transport.send(0xe0, 0x04, at === 0 ? 0x00 : 0x80, SIGN_MODE.STORE, Buffer.from(tx.subarray(at, at + CHUNK)));
  }
  const intent = certified.call.format.intent;
  await transport
    .send(0xb0, LOAD_CERTIFICATE_INS, KEY_USAGE_CALLDATA, 0x00, Buffer.from(certified.certificate))
    .catch(refused(intent, 'its certificate'));
  await sendStructure(transport, GENERIC_PARSER_INS.TRANSACTION_INFO, certified.info).catch(refused(intent, 'its signed description'));
  for (const field of certified.fields) {
    await sendStructure(transport, GENERIC_PARSER_INS.TRANSACTION_FIELD, field).catch(refused(intent, 'a field of it'));
  }
  // 0x6A80 here: the fields do not hash to what the signed description says.
  const answer = await transport.send(0xe0, 0x04, 0x00, SIGN_MODE.START_FLOW, Buffer.alloc(0)).catch(refused(intent, 'its fields'));
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  return { v: hex(answer.subarray(0, 1)), r: hex(answer.subarray(1, 33)), s: hex(answer.subarray(33, 65)) };
}

/** The device refused the call's descriptor (nothing was shown or signed). */
function refused(intent: string, part: string): (err: unknown) => never {
  return descriptorRefused(
    `the clear-signing descriptor for "${intent}"`,
    part,
    'Do not sign this call until the descriptor is fixed: update Vaultdesk (its descriptors and their certificate) and try again. Signing it blind instead needs the hash checked on the device.',
  );
}

/** A transaction the device will sign in clear: the certified call, the tokens to provide, the predicted review. */
interface ClearSigning {
  certified: CertifiedCall;
  tokens: TokenDescriptor[];
  /** The chain, given first when the app's table lacks it and the source describes it. */
  network: SignedNetwork | null;
  screens: DeviceScreen[];
}

/**
 * Whether this transaction goes to the device in clear: a typed transaction (the console's own
 * are EIP-1559) to a call a certified descriptor covers, on an app with the generic parser.
 */
export function clearSigningOf(
  tx: TransactionSerializable,
  context: { from: string; appVersion?: string; descriptors?: DescriptorIndex; calldataDescriptors?: CalldataDescriptorSource },
): ClearSigning | null {
  if (tx.type === 'legacy' || (context.appVersion && !appSupports(context.appVersion, 'blindSigningHash'))) return null;
  const source = context.calldataDescriptors;
  const certified = certifiedCallOf(tx, source);
  if (!source || !certified) return null;
  const feePerGas = tx.type === 'eip1559' ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
  const chainId = tx.chainId ?? 1;
  // A chain the app's table lacks is given first when the source describes it: the app then takes
  // token information on it, names it and writes the fees in its ticker.
  const network = networkToProvide(chainId, source);
  // On a chain it neither knows nor was given, the app refuses token information (0x6A80): none is
  // sent, and the amounts are predicted as the app then shows them, without a ticker.
  const takesTokens = chainId === 1 || isKnownNetwork(chainId) || network !== null;
  const tokens = takesTokens ? tokensShown(certified, tx, context.from, context.descriptors ?? source.tokens) : new Map<string, TokenDescriptor>();
  return {
    certified,
    tokens: [...tokens.values()],
    network,
    screens: clearSignedScreens(certified, tx, {
      network,
      from: context.from,
      tokens,
      maxFee: ((tx.gas ?? 0n) * feePerGas).toString(),
      ...(context.appVersion ? { appVersion: context.appVersion } : {}),
    }),
  };
}

/** `signInClear` over hw-app-eth's transport, for the account at `path`. */
export function signInClearOnDevice(eth: EthApp, path: string, unsigned: Hex, plan: ClearSigning): Promise<{ v: string; r: string; s: string }> {
  const indices = parseBip32Path(path);
  const pathBytes = concatBytes([Uint8Array.of(indices.length), ...indices.map((i) => uintBytes(i, 4))]);
  return signInClear(eth.transport as DeviceTransport, pathBytes, unsigned, plan.certified, plan.tokens, plan.network);
}
