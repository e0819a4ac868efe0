/**
 * Giving the Ethereum app a network its table lacks (B0 06 with the NETWORK certificate, then
 * E0 30), shared by the two paths that need it: a clear-signed call (`clear-signing.ts`) and a
 * clear-signed approval (`signing.ts`). The app takes token information only on a chain it knows,
 * and from then on (until the app quits) names the chain and writes its fees in the given ticker.
 */
import { AppError } from '../../../shared/errors';
import { KEY_USAGE_NETWORK, LOAD_CERTIFICATE_INS, PROVIDE_NETWORK_INS } from '../../../shared/device/generic-parser';
import { isKnownNetwork } from '../../../shared/device/screens';
import { concatBytes } from '../../../shared/device/tlv';
import { appSupports } from '../../../shared/device/versions';
import type { DeviceTransport } from './ledgerhq';
import type { SignedNetwork } from './network-description';

/** The most data one APDU carries. */
export const APDU_CHUNK = 255;

/** A TLV payload as the app reads it over APDUs: a 2-byte size, then the bytes, in 255-byte chunks. */
export async function sendStructure(transport: DeviceTransport, ins: number, payload: Uint8Array): Promise<void> {
  const framed = concatBytes([Uint8Array.of(payload.length >> 8, payload.length & 0xff), payload]);
  for (let at = 0; at < framed.length; at += APDU_CHUNK) {
    await transport.send(0xe0, ins, at === 0 ? 0x01 : 0x00, 0x00, Buffer.from(framed.subarray(at, at + APDU_CHUNK)));
  }
}

/** Describes chains the app's table lacks, signed (the demo's source; none on a real install). */
interface NetworkSource {
  network?(chainId: number): SignedNetwork | null;
}

/**
 * The description to give before a transaction on `chainId`: only for a chain the app's table
 * lacks, that the source describes, on an app that takes descriptions (from 1.14, with the
 * generic parser; an unknown `appVersion` is taken as current).
 */
export function networkToProvide(chainId: number, source: NetworkSource | undefined, appVersion?: string): SignedNetwork | null {
  if (chainId === 1 || isKnownNetwork(chainId)) return null;
  if (appVersion && !appSupports(appVersion, 'blindSigningHash')) return null;
  return source?.network?.(chainId) ?? null;
}

/** Loads the network's certificate and gives its signed description; a refusal shows and signs nothing. */
export async function provideNetwork(transport: DeviceTransport, network: SignedNetwork): Promise<void> {
  await transport.send(0xb0, LOAD_CERTIFICATE_INS, KEY_USAGE_NETWORK, 0x00, Buffer.from(network.certificate)).catch(refused(network, 'its certificate'));
  await sendStructure(transport, PROVIDE_NETWORK_INS, network.description).catch(refused(network, 'its signed description'));
}

function refused(network: SignedNetwork, part: string): (err: unknown) => never {
  return descriptorRefused(
    `the description of the network "${network.name}"`,
    part,
    'Do not sign on this network until its description is fixed: update Vaultdesk (its network descriptions and their certificate) and try again.',
  );
}

/**
 * 0x6A80 / 0x6980 while the device checks a signed description (a network's, a call's): it refused
 * `what` because `part` did not check out, and nothing was shown or signed. Any other error passes.
 */
export function descriptorRefused(what: string, part: string, action: string): (err: unknown) => never {
  return (err) => {
    const sw = (err as { statusCode?: unknown })?.statusCode;
    if (sw !== 0x6a80 && sw !== 0x6980) throw err;
    const word = `0x${(sw as number).toString(16).toUpperCase()}`;
    throw new AppError({
      code: 'DEVICE_DESCRIPTOR_REFUSED',
      message: `The Ledger refused ${what} (${part} did not check out, status ${word}). Nothing was shown or signed.`,
      action,
      details: { statusWord: word },
    });
  };
}
