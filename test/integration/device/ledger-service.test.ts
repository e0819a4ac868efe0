/**
 * Ledger's crypto-assets service as the source of certified descriptors, over real HTTP (a local
 * server in the service's shapes, the structures signed with the emulator's TEST key): asked for
 * the pinned contracts before a plan, its certified call is used only when it is byte for byte what
 * Vaultdesk's own descriptor encodes, carried with the job as JSON to the device, which then shows
 * the vault deposit in clear. Another description, a service down or answering garbage leave the
 * call blind with a note; an offline install asks nothing.
 */
import { encodeFunctionData, parseTransaction, recoverTransactionAddress, type Hex } from 'viem';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { epochVaultAbi } from '../../../shared/abi';
import type { DeviceTransactionRequest } from '../../../shared/device';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import { LedgerServiceSource } from '../../../electron/services/device/ledger-service/service-source';
import { withCertifiedCall } from '../../../electron/services/device/ledger-service/carried-call';
import { expectedScreens, toViemTransaction } from '../../../electron/services/device/transaction';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { settingsDocument } from '../../../electron/services/settings/settings';
import { ledgerServiceOf } from '../../../electron/runtime/ledger-service';
import { DeviceFleet } from '../../../electron/services/device/device-fleet';
import { handleDeviceRequest } from '../../../electron/services/device/protocol';
import { createEmulatedLedger, emulatorTransportFactory } from '../../../electron/demo/ledger';
import { ADDRESS, CONTRACT, PATH, caught, setup, stoppedAfterEach, waitForStatus } from './harness';
import { dappsAnswer, startCalServer } from './cal-server';
import { contractCall } from './requests';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const TRANCHE = '0x1111111111111111111111111111111111111111';
const DEPOSIT = contractCall({ chainId: 1, nonce: 3, data: encodeFunctionData({ abi: epochVaultAbi, functionName: 'depositAA', args: [250_500_000n] }) });
const SELECTOR = DEPOSIT.data!.slice(0, 10) as Hex;
/** The vault as the registry pins it: a 2026 epoch vault on mainnet, no queue. */
const PINNED = {
  vault: { chainId: 1, contracts: { epochVault: CONTRACT, queue: null, tranche: TRANCHE, underlying: USDC, strategy: TRANCHE, keyring: null } },
  generations: { epochVault: 'CDO_EPOCH_MAIN_2026', queue: null, withdrawQueue: null },
} as const;
const ours = [{ chainId: 1, address: CONTRACT, descriptor: deploymentDescriptor('CDO_EPOCH_MAIN_2026', { chainId: 1, address: CONTRACT, underlyingToken: USDC, trancheToken: TRANCHE })! }];

/** What the service answers for the calldata descriptors: ours, or ours with a label of its own. */
let served: 'ours' | 'relabelled' = 'ours';
const relabel = (b: Uint8Array) => Uint8Array.from(Buffer.from(Buffer.from(b).toString('latin1').replace('Amount', 'Assets'), 'latin1'));
const cal = await startCalServer(() => (served === 'ours' ? dappsAnswer(ours) : dappsAnswer(ours, (s) => ({ unsignedInfo: s.unsignedInfo, fields: s.fields.map(relabel) }))));
afterAll(() => cal.close());

let offline = false;
const source = () => new LedgerServiceSource({ config: async () => ({ url: cal.url, signatures: 'test' }), offline: () => offline });

beforeEach(() => {
  served = 'ours';
  offline = false;
  cal.state.answer = 'certified';
  cal.state.requests.length = 0;
});

const started = stoppedAfterEach();
/** The job as it crosses to the device's process: JSON. */
const crossed = (r: DeviceTransactionRequest) => JSON.parse(JSON.stringify(r)) as DeviceTransactionRequest;

describe("a vault deposit with Ledger's service as the descriptor source", () => {
  it('is clear-signed on the emulator from the service’s certified answer, blind signing off, as the review predicted', async () => {
    const ledgerService = source();
    expect(await ledgerService.prepare(PINNED)).toEqual([]);
    // Asked for the pinned contract on its chain, as Ledger's library asks, and for the calldata certificates.
    const dapps = cal.state.requests.find((u) => u.pathname === '/v1/dapps')!;
    expect(Object.fromEntries(dapps.searchParams)).toMatchObject({ output: 'descriptors_calldata', chain_id: '1', contracts: CONTRACT.toLowerCase(), ref: 'branch:main' });
    expect(cal.state.requests.some((u) => u.pathname === '/v1/certificates' && u.searchParams.get('target_device') === 'nanoX' && u.searchParams.get('public_key_id') === 'cal_calldata_key')).toBe(true);

    const predicted = expectedScreens(toViemTransaction(DEPOSIT), { calldataDescriptors: ledgerService });
    const { ledger, service } = started(setup({ blindSigning: false, appVersion: '1.22.0' }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, crossed(withCertifiedCall(DEPOSIT, ledgerService)));
    const onDevice = await ledger.waitForConfirmation('sign-transaction');
    expect(onDevice.screens).toContainEqual({ title: 'Interaction with', value: 'Pareto' });
    expect(onDevice.screens).toContainEqual({ title: 'Amount', value: '250.5 USDC' });
    expect(onDevice.screens).toEqual(predicted);
    ledger.approve();
    const signed = await signing;
    expect(await recoverTransactionAddress({ serializedTransaction: signed.serialized as never })).toBe(ADDRESS);
    expect(parseTransaction(signed.serialized as Hex).data).toBe(DEPOSIT.data);
  });

  it("crosses to the device process's message protocol as JSON and is clear-signed there on a Stax", async () => {
    const ledgerService = source();
    await ledgerService.prepare(PINNED);
    const ledger = createEmulatedLedger({ model: 'stax', blindSigning: false, appVersion: '1.22.0' });
    const desk = new DeviceFleet({ transports: emulatorTransportFactory(ledger), confirmTimeoutMs: 5_000, commandTimeoutMs: 2_000, idleReleaseMs: 60_000, reenumerationTimeoutMs: 2_000, openTimeoutMs: 300 });
    await desk.start();
    try {
      const message = JSON.parse(JSON.stringify({ id: 7, method: 'signTransaction', params: { path: PATH, request: withCertifiedCall(DEPOSIT, ledgerService) } }));
      const answer = handleDeviceRequest(desk, message);
      const onDevice = await ledger.waitForConfirmation('sign-transaction');
      expect(onDevice.screens).toContainEqual({ title: 'Interaction with', value: 'Pareto' });
      ledger.approve();
      expect(await answer).toMatchObject({ id: 7, ok: true, value: { from: ADDRESS } });
    } finally {
      await desk.stop();
    }
  });

  it('a service answer that differs from Vaultdesk’s encoding leaves the call blind, and the review says why', async () => {
    served = 'relabelled';
    const ledgerService = source();
    const notes = await ledgerService.prepare(PINNED);
    expect(notes).toContainEqual(expect.stringMatching(/^Deposit \(depositAA on 0x5FbDB2315678afecb367f032d93F642f64180aa3\): Ledger's service describes this call differently from Vaultdesk; it is signed blind\.$/));
    expect(ledgerService.find(1, CONTRACT, SELECTOR)).toBeNull();
    expect(withCertifiedCall(DEPOSIT, ledgerService)).toEqual(DEPOSIT);

    const { ledger, service } = started(setup({ blindSigning: true, appVersion: '1.22.0' }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, crossed(withCertifiedCall(DEPOSIT, ledgerService)));
    const onDevice = await ledger.waitForConfirmation('sign-transaction');
    expect(onDevice.screens).not.toContainEqual({ title: 'Interaction with', value: 'Pareto' });
    expect(onDevice.screens).toEqual(expectedScreens(toViemTransaction(DEPOSIT), { from: ADDRESS }));
    ledger.approve();
    await signing;
  });

  it.each([
    ['is down (HTTP 503)', 'error', /could not be asked \(it answered HTTP 503\)/],
    ['answers garbage', 'garbage', /could not be asked \(its answer is not JSON\)/],
  ] as const)('a service that %s leaves the calls blind with a clear note', async (_, answer, reason) => {
    cal.state.answer = answer;
    const ledgerService = source();
    const notes = await ledgerService.prepare(PINNED);
    expect(notes).toEqual([expect.stringMatching(reason)]);
    expect(notes[0]).toMatch(/^Ledger's service \(127\.0\.0\.1:\d+\) could not be asked .*: this plan's vault calls are signed blind, by their hash\./);
    expect(ledgerService.find(1, CONTRACT, SELECTOR)).toBeNull();
  });

  it('a service that cannot be reached at all leaves the calls blind with a clear note', async () => {
    const closed = await startCalServer(() => []);
    await closed.close();
    const ledgerService = new LedgerServiceSource({ config: async () => ({ url: closed.url, signatures: 'test' }), offline: () => false });
    expect(await ledgerService.prepare(PINNED)).toEqual([expect.stringMatching(/could not be asked \(fetch failed\)/)]);
  });

  it('an offline install never asks the service', async () => {
    offline = true;
    const ledgerService = source();
    expect(await ledgerService.prepare(PINNED)).toEqual([]);
    expect(ledgerService.find(1, CONTRACT, SELECTOR)).toBeNull();
    expect(cal.state.requests).toEqual([]);
  });

  it('a job whose carried structures are not what its descriptor encodes is refused before the device shows anything', async () => {
    const ledgerService = source();
    await ledgerService.prepare(PINNED);
    const request = crossed(withCertifiedCall(DEPOSIT, ledgerService)) as DeviceTransactionRequest & { certified: { fields: string[] } };
    request.certified.fields = request.certified.fields.map((f) => f.replace(Buffer.from('Amount').toString('hex'), Buffer.from('Assets').toString('hex')));
    const { ledger, service } = started(setup({ blindSigning: true, appVersion: '1.22.0' }));
    await waitForStatus(service, 'ready');
    const error = await caught(service.signTransaction(PATH, request));
    expect(error).toMatchObject({ code: 'DEVICE_INVALID_REQUEST' });
    expect(error?.message).toMatch(/clear-signing description sent with this transaction does not match the descriptor it carries: nothing was shown or signed/);
    expect(ledger.pendingConfirmation).toBeNull();
  });

  it('answers are kept between plans until they are old', async () => {
    let now = 0;
    const ledgerService = new LedgerServiceSource({ config: async () => ({ url: cal.url, signatures: 'test' }), offline: () => false, now: () => now, maxAgeMs: 60_000 });
    await ledgerService.prepare(PINNED);
    const asked = cal.state.requests.length;
    now = 30_000;
    await ledgerService.prepare(PINNED);
    expect(cal.state.requests.length).toBe(asked);
    now = 120_000;
    cal.state.answer = 'error';
    // Asked again once old; what it certified before is still what the reviewed plans use.
    expect(await ledgerService.prepare(PINNED)).toEqual([expect.stringMatching(/could not be asked \(it answered HTTP 503\): its answer of 1970-01-01T00:00:00.000Z is used; a call it did not certify then is signed blind\.$/)]);
    expect(ledgerService.find(1, CONTRACT, SELECTOR)).not.toBeNull();
  });

  it("takes the service's address and signature choice from the settings file, and asks nothing while offline", async () => {
    const settings = settingsDocument(await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-ledger-service-')));
    await settings.write({ version: 1, serviceUrl: null, offline: false, ledgerService: { url: cal.url, signatures: 'test' } });
    let offlineNow = true;
    const ledgerService = ledgerServiceOf(settings, () => offlineNow);
    expect(await ledgerService.prepare(PINNED)).toEqual([]);
    expect(cal.state.requests).toEqual([]);
    offlineNow = false;
    expect(await ledgerService.prepare(PINNED)).toEqual([]);
    expect(ledgerService.find(1, CONTRACT, SELECTOR)).not.toBeNull();
  });
});
