/**
 * A network the Ethereum app's table lacks, described for PROVIDE NETWORK CONFIGURATION (E0 30):
 * the app takes token information only on a chain it knows, so a clear-signed call on such a chain
 * shows its token amounts ("250.5 USDC", not "250500000 ???") only once the chain is given; its
 * review then names the network and writes the fees in its ticker. Ledger
 * signs these for the chains it supports; a description signed by another key is refused by a
 * real Ledger (the demo's local chains are described with the emulator's test key).
 */
import { NETWORK_STRUCT, NETWORK_TAG } from '../../../shared/device/generic-parser';
import { concatBytes, tlv, uintBytes } from '../../../shared/device/tlv';

/** A signed network description and the certificate of the key that signed it (key usage: network). */
export interface SignedNetwork {
  /** What the app then shows for the chain (the generic parser's review: Network, and the fees' ticker). */
  name: string;
  ticker: string;
  certificate: Uint8Array;
  description: Uint8Array;
}

/** The structure for `chainId`, signed by `sign` (a DER signature over the SHA-256 of the items before it). */
export function describeNetwork(
  network: { chainId: number; name: string; ticker: string },
  signer: { certificate: Uint8Array; sign(unsigned: Uint8Array): Uint8Array },
): SignedNetwork {
  const unsigned = concatBytes([
    tlv(NETWORK_TAG.STRUCTURE_TYPE, NETWORK_STRUCT.TYPE),
    tlv(NETWORK_TAG.STRUCTURE_VERSION, NETWORK_STRUCT.VERSION),
    tlv(NETWORK_TAG.BLOCKCHAIN_FAMILY, NETWORK_STRUCT.FAMILY_ETHEREUM),
    tlv(NETWORK_TAG.CHAIN_ID, uintBytes(network.chainId, 8)),
    tlv(NETWORK_TAG.NETWORK_NAME, network.name),
    tlv(NETWORK_TAG.TICKER, network.ticker),
  ]);
  return {
    name: network.name,
    ticker: network.ticker,
    certificate: signer.certificate,
    description: concatBytes([unsigned, tlv(NETWORK_TAG.SIGNATURE, signer.sign(unsigned))]),
  };
}
