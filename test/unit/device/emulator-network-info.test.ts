/**
 * The emulated app takes token information only on a chain it knows, as app 1.22 does
 * (`app_compatible_with_chain_id`): a local chain such as 31337 is refused (0x6A80) until a network
 * description for it, signed by a key whose certificate was loaded for the NETWORK usage (B0 06 P1
 * 0x0C), is given with E0 30; one signed by another key, or given without a certificate, is refused.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { signWithTestNetworkKey, testNetworkCertificate } from '../../../electron/demo/ledger/pki';
import { signWithEmulatorKey } from '../../../electron/demo/ledger/token-info';
import { describeNetwork } from '../../../electron/services/device/network-description';

const TOKEN = { ticker: 'USDC', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, decimals: 6, chainId: 31337 };
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { statusCode?: number },
  );

async function provide(ledger: ReturnType<typeof createEmulatedLedger>, description: Uint8Array, certificate: Uint8Array | null) {
  if (certificate) await ledger.transport.send(0xb0, 0x06, 0x0c, 0x00, Buffer.from(certificate));
  const framed = Buffer.concat([Buffer.from([description.length >> 8, description.length & 0xff]), Buffer.from(description)]);
  return ledger.transport.send(0xe0, 0x30, 0x01, 0x00, framed);
}

describe('a network given to the emulated app', () => {
  it('makes token information on that chain acceptable', async () => {
    const ledger = createEmulatedLedger({ app: 'Ethereum', locked: false });
    const tokenInfo = Buffer.from(signWithEmulatorKey(TOKEN));
    expect(await caught(ledger.transport.send(0xe0, 0x0a, 0x00, 0x00, tokenInfo))).toMatchObject({ statusCode: 0x6a80 });
    const signer = { certificate: testNetworkCertificate(), sign: signWithTestNetworkKey };
    await provide(ledger, describeNetwork({ chainId: 31337, name: 'Demo chain 31337', ticker: 'ETH' }, signer).description, signer.certificate);
    expect((await ledger.transport.send(0xe0, 0x0a, 0x00, 0x00, tokenInfo)).subarray(-2).toString('hex')).toBe('9000');
  });

  it('refuses a description signed by another key, or given without a certificate', async () => {
    const ledger = createEmulatedLedger({ app: 'Ethereum', locked: false });
    const other = secp256k1.utils.randomPrivateKey();
    const forged = describeNetwork({ chainId: 31337, name: 'Demo chain 31337', ticker: 'ETH' }, {
      certificate: testNetworkCertificate(),
      sign: (bytes) => secp256k1.sign(sha256(bytes), other).toDERRawBytes(),
    });
    expect(await caught(provide(ledger, forged.description, forged.certificate))).toMatchObject({ statusCode: 0x6a80 });
    const genuine = describeNetwork({ chainId: 31337, name: 'Demo chain 31337', ticker: 'ETH' }, { certificate: testNetworkCertificate(), sign: signWithTestNetworkKey });
    expect(await caught(provide(createEmulatedLedger({ app: 'Ethereum', locked: false }), genuine.description, null))).toMatchObject({ statusCode: 0x6a80 });
    // And a device that trusts no test root refuses the certificate itself.
    const strict = createEmulatedLedger({ app: 'Ethereum', locked: false, trustTestCertificates: false });
    expect(await caught(provide(strict, genuine.description, genuine.certificate))).toMatchObject({ statusCode: 0x6a80 });
    expect(await caught(strict.transport.send(0xe0, 0x0a, 0x00, 0x00, Buffer.from(signWithEmulatorKey(TOKEN))))).toMatchObject({ statusCode: 0x6a80 });
  });
});
