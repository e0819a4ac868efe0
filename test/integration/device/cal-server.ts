/**
 * A stand-in for Ledger's crypto-assets service over real HTTP (node:http): it answers the two
 * requests the console makes (`/dapps?output=descriptors_calldata…` and `/certificates?…`) in the
 * service's shapes, the calls' structures signed with the emulator's TEST calldata key and the
 * certificate its test root signed. `answer` chooses what it says; `requests` lists what it was asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calldataStructures, describedCalls, type Erc7730Descriptor } from '../../../electron/services/device/calldata-descriptors';
import { signWithTestCalldataKey, testCalldataCertificate } from '../../../electron/demo/ledger/pki';
import { parseTlv } from '../../../shared/device/tlv';

type Answer = 'certified' | 'garbage' | 'error';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The service's answer for these descriptors' calls, each structure made by `structures` (ours unless changed). */
export function dappsAnswer(
  descriptors: readonly { chainId: number; address: string; descriptor: Erc7730Descriptor }[],
  change: (s: { unsignedInfo: Uint8Array; fields: Uint8Array[] }) => { unsignedInfo: Uint8Array; fields: Uint8Array[] } = (s) => s,
): unknown {
  const descriptorsCalldata: Record<string, Record<string, unknown>> = {};
  for (const { chainId, address, descriptor } of descriptors) {
    const calls: Record<string, unknown> = {};
    for (const call of describedCalls(descriptor)) {
      const { unsignedInfo, fields } = change(calldataStructures(descriptor, call, chainId, address));
      calls[call.selector] = {
        type: 'calldata',
        version: 'v1',
        transaction_info: { descriptor: { data: hex(unsignedInfo), signatures: { test: hex(signWithTestCalldataKey(unsignedInfo)) } } },
        enums: {},
        fields: fields.map((f) => ({ descriptor: hex(f), param: { type: 'RAW' } })),
      };
    }
    descriptorsCalldata[address.toLowerCase()] = calls;
  }
  return [{ name: 'Pareto', descriptors_calldata: descriptorsCalldata, extra: { ignored: true } }];
}

function certificateAnswer(): unknown {
  const certificate = testCalldataCertificate();
  const items = parseTlv(certificate);
  const signature = items[items.length - 1]!;
  const body = certificate.subarray(0, signature.raw.byteOffset - certificate.byteOffset);
  return [{ id: 'cal_calldata_key', descriptor: { data: hex(body), signatures: { test: hex(signature.value) } } }];
}

export async function startCalServer(dapps: () => unknown) {
  const state = { answer: 'certified' as Answer, requests: [] as URL[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cal.test');
    state.requests.push(url);
    if (state.answer === 'error') {
      res.writeHead(503).end('unavailable');
      return;
    }
    if (state.answer === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    const body = url.pathname.endsWith('/dapps') ? dapps() : url.pathname.endsWith('/certificates') ? certificateAnswer() : null;
    if (body === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
