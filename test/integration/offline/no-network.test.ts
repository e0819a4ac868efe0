import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listMethodNames } from '../../../shared/ipc/contract';
import type { ConsoleRuntime } from '../../../electron/runtime';
import { startTestRuntime, usbLedgerStandIn } from '../../support/test-runtime';
import { dispatch } from '../../../electron/runtime/dispatch';
import { bundleText, PLANNER_PATH, readSignedBundle } from '../../../shared/bundles';
import { DEFAULT_OFFLINE_POLICY } from '../../../shared/bundles/policy';
import { makeUnsigned, registryText, signAsPlanner } from '../../support/bundle-fixture';
import { deriveAtPath } from '../../../electron/demo/chain/accounts';

/** The emulated Ledger's default seed: the public "abandon … about" test mnemonic. */
const LEDGER_TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

// An offline-review install must open no network connection at all. Every way Node has to reach
// the network is watched while every method of the contract is called.
const attempts: string[] = [];
const record = (what: string) => () => {
  attempts.push(what);
  throw new Error(`network use in offline mode: ${what}`);
};

let runtime: ConsoleRuntime;
const simulationStarts: number[] = [];

/** One valid input per method; a method missing here fails the coverage test below. */
const INPUTS: Record<string, unknown> = {
  'app.info': {},
  'app.serviceState': {},
  'settings.apiKeyStatus': {},
  'settings.setApiKey': { serviceUrl: 'https://api.example.com', apiKey: 'vk_offline_test_key_1234' },
  'settings.setOffline': { offline: true },
  'settings.removeApiKey': {},
  'settings.forgetService': {},
  'settings.linkHosts': {},
  'settings.ledgerTokens': {},
  'settings.chainRpcs': {},
  'settings.testRpc': { chainId: 1, url: 'https://rpc.example.org' },
  'settings.addRpc': { chainId: 1, url: 'https://rpc.example.org' },
  'settings.removeRpc': { chainId: 1, url: 'https://rpc.example.org' },
  'settings.moveRpc': { chainId: 1, url: 'https://rpc.example.org', direction: 'down' },
  'settings.testConnection': { serviceUrl: 'https://api.example.com', apiKey: 'vk_offline_test_key_1234' },
  'settings.unlockKeyFile': { passphrase: 'offline review passphrase' },
  'settings.lockKeyFile': {},
  'settings.removeKeyFile': {},
  'demo.clock': {},
  'demo.setClockPaused': { paused: true },
  'demo.stepClock': {},
  'vaults.list': {},
  'vaults.epochs': { vaultId: 'abc' },
  'vaults.profile': { vaultId: 'abc' },
  'campaigns.list': {},
  'campaigns.get': { campaignId: 'c1' },
  'campaigns.points': { campaignId: 'c1', groupId: null },
  'campaigns.exportPoints': { campaignId: 'c1', groupId: null },
  'operators.list': {},
  'operators.get': { operatorId: 'o1' },
  'performance.overview': {},
  'performance.vault': { vaultId: 'abc' },
  'portfolio.load': { groupId: null },
  'portfolio.agreements': { groupId: null },
  'positions.records': { groupId: null },
  'transactions.list': { groupId: null },
  'wallets.list': {},
  'wallets.add': { address: '0xCbA98362e199c41E1864D0923AF9646d3A648451', label: 'Ops' },
  'wallets.update': { address: '0xCbA98362e199c41E1864D0923AF9646d3A648451', notes: 'offline' },
  'wallets.importCsv': { csv: 'address\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n' },
  'wallets.export': { format: 'csv' },
  'wallets.createGroup': { name: 'Air-gapped' },
  'wallets.renameGroup': { id: 'g_missing', name: 'x' },
  'wallets.setGroupMembers': { groupId: 'g_missing', addresses: ['0xCbA98362e199c41E1864D0923AF9646d3A648451'], member: true },
  'wallets.deleteGroup': { id: 'g_missing' },
  'wallets.remove': { addresses: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] },
  'device.state': {},
  'device.refresh': {},
  'device.openEthereumApp': {},
  'device.setVisible': { visible: true },
  'device.discoverAccounts': { scheme: 'ledger-live', start: 0, count: 2 },
  'device.verifyAddress': { path: "44'/60'/0'/0/0", address: '0xCbA98362e199c41E1864D0923AF9646d3A648451' },
  'device.importAccounts': { scheme: 'ledger-live', indices: [0] },
  'device.desk': {},
  'device.bind': { groupId: 'g1', deviceId: null },
  'emulator.snapshot': {},
  'emulator.command': { command: 'lock' },
  'system.openExternal': { url: 'https://etherscan.io/' },
  'system.notify': { title: 'Vault A: epoch 3 ended', body: 'Its requests are processed in the buffer.' },
  'allowances.list': { groupId: null },
  'allowances.planRevoke': { picks: [{ wallet: '0xCbA98362e199c41E1864D0923AF9646d3A648451', vaultId: 'v1', token: 'underlying', spender: 'queue' }] },
  'signing.plan': { vaultId: 'v1', action: 'claim', wallets: ['0xCbA98362e199c41E1864D0923AF9646d3A648451'] },
  'signing.createBatch': { planId: 'p1', acknowledgeBlindSigning: true },
  'signing.listBatches': {},
  'signing.openBatch': { batchId: 'b1' },
  'signing.run': { batchId: 'b1' },
  'signing.pause': { batchId: 'b1' },
  'signing.retry': { batchId: 'b1', itemId: 'i1' },
  'signing.skip': { batchId: 'b1', itemId: 'i1' },
  'signing.resign': { batchId: 'b1', itemId: 'i1' },
  'signing.replan': { batchId: 'b1' },
  'signing.report': { batchId: 'b1' },
  'simulation.run': { planId: 'p1' },
  'bundles.prepareExport': { planId: 'p1' },
  'bundles.exportUnsigned': { planId: 'p1' },
  'bundles.importUnsigned': { content: '{}' },
  'bundles.exportSigned': { batchId: 'b1' },
  'bundles.importSigned': { content: '{}' },
  'bundles.inspect': { content: '{}' },
  'bundles.snapshot': { batchId: 'b1' },
  'bundles.sendChecks': { batchId: 'b1' },
  'registry.list': {},
  'registry.review': { vaultId: 'v1' },
  'registry.pin': { vaultId: 'v1', expected: { epochVault: '0xCbA98362e199c41E1864D0923AF9646d3A648451', queue: null, tranche: '0xCbA98362e199c41E1864D0923AF9646d3A648451', underlying: '0xCbA98362e199c41E1864D0923AF9646d3A648451', strategy: '0xCbA98362e199c41E1864D0923AF9646d3A648451', keyring: null } },
  'registry.forget': { vaultId: 'v1' },
  'registry.prepareExport': {},
  'registry.export': {},
  'registry.import': { content: '{}' },
  'registry.held': {},
  'bundles.policy': {},
  'bundles.setPolicy': { policy: DEFAULT_OFFLINE_POLICY },
  'bundles.planners': {},
  // The device's first account of the public test mnemonic, as ledger.md gives it.
  'bundles.addPlanner': { address: '0xCbA98362e199c41E1864D0923AF9646d3A648451', label: 'Planning desk', path: "44'/60'/0'/0'/0" },
  'bundles.removePlanner': { address: '0xCbA98362e199c41E1864D0923AF9646d3A648451' },
  'bundles.exported': {},
  'bundles.abandonExported': { checksum: `sha256:${'0'.repeat(64)}` },
  'bundles.resumeExported': { checksum: `sha256:${'0'.repeat(64)}` },
};

beforeAll(async () => {
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(record('net.Socket.connect'));
  vi.spyOn(tls, 'connect').mockImplementation(record('tls.connect'));
  vi.spyOn(dns, 'lookup').mockImplementation(record('dns.lookup'));
  vi.spyOn(http, 'request').mockImplementation(record('http.request'));
  vi.spyOn(https, 'request').mockImplementation(record('https.request'));
  vi.spyOn(globalThis, 'fetch').mockImplementation(record('fetch'));

  ({ runtime } = await startTestRuntime('offline', {
    offline: true,
    startSimulation: async () => {
      simulationStarts.push(Date.now());
      throw new Error('the simulation must not start offline');
    },
    // A Ledger is USB, not network: the emulated one stands in for it here.
    startDevice: usbLedgerStandIn({ autoApprove: true }),
    // Opening a page hands the network to the system browser: watched as well.
    openExternal: async (url) => {
      attempts.push(`openExternal ${url}`);
    },
  }));
});

afterAll(async () => {
  await runtime?.close();
  vi.restoreAllMocks();
});

describe('offline mode', () => {
  it('has an input for every method of the contract (so a new method is checked too)', () => {
    expect(Object.keys(INPUTS).sort()).toEqual(listMethodNames().sort());
  });

  it('says it is offline', async () => {
    expect((await runtime.handlers.app.info({}, { transport: 'browser' })).mode).toBe('offline');
  });

  it('opens no network connection whatever the user does', async () => {
    const results: Record<string, unknown> = {};
    for (const method of listMethodNames()) {
      results[method] = await dispatch(runtime.handlers, method, INPUTS[method], { transport: 'browser' });
    }
    expect(attempts).toEqual([]);
    expect(simulationStarts).toEqual([]);
    // What needs the service says why it cannot answer.
    expect(results['vaults.list']).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    expect(results['system.openExternal']).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    // No chain to fork or ask: the simulation refuses and says where to simulate instead.
    expect(results['simulation.run']).toMatchObject({ ok: false, error: { code: 'SIMULATION_OFFLINE', action: expect.stringContaining('online install') } });
    // Nothing is read from the service, so nothing is set aside and no rate limit holds.
    expect(results['app.serviceState']).toEqual({ ok: true, value: { setAside: { count: 0, records: [] }, rateLimit: { waitingUntilMs: null } } });
    expect(results['settings.testConnection']).toMatchObject({ ok: true, value: { ok: false, message: expect.stringContaining('offline mode') } });
    // What is local still works: the wallet book and the device.
    expect(results['wallets.add']).toMatchObject({ ok: true });
    expect(results['device.discoverAccounts']).toMatchObject({ ok: true });
  });

  it('imports, reviews, signs on the device and saves a bundle without opening a connection', async () => {
    const call = async (method: string, input: unknown): Promise<any> => {
      const result = await dispatch(runtime.handlers, method, input, { transport: 'browser' });
      if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
      return result.value;
    };
    // The test above left the device locked.
    await call('emulator.command', { command: 'unlock' });
    const accounts: { address: string; path: string }[] = await call('device.discoverAccounts', { scheme: 'bip44', start: 0, count: 2 });
    // Planned and signed by the planner's account of its Ledger (the same seed here), which this
    // install trusts once the device, plugged in here, showed the same address.
    const planner = deriveAtPath(PLANNER_PATH, LEDGER_TEST_MNEMONIC);
    const unsigned = signAsPlanner(
      makeUnsigned(
        'deposit',
        accounts.map((a, i) => ({ address: a.address, label: `Cold ${i + 1}`, path: a.path, nonce: 5 + i })),
      ),
      planner.privateKey,
    );
    expect(await dispatch(runtime.handlers, 'bundles.importUnsigned', { content: bundleText(unsigned) }, { transport: 'browser' })).toMatchObject({
      ok: false,
      error: { code: 'BUNDLE_PLANNER_UNKNOWN' },
    });
    await call('bundles.addPlanner', { address: planner.address, label: 'Planning desk', path: PLANNER_PATH });
    // Without the online install's registry, nothing is signed; with it, the fingerprint to compare.
    expect(await dispatch(runtime.handlers, 'bundles.importUnsigned', { content: bundleText(unsigned) }, { transport: 'browser' })).toMatchObject({
      ok: false,
      error: { code: 'BUNDLE_VAULT_NOT_PINNED' },
    });
    // The online install's export, signed by the same planner, taken because this install trusts it.
    const pinned = await call('registry.import', { content: registryText(undefined, planner.privateKey), fileName: 'vaultdesk-registry.json' });
    expect(pinned).toMatchObject({ vaults: 1, planner: planner.address, fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect((await call('registry.held', {})).source).toMatchObject({ fingerprint: pinned.fingerprint, planner: planner.address, plannerLabel: 'Planning desk' });
    const imported = await call('bundles.importUnsigned', { content: bundleText(unsigned), fileName: 'vaultdesk-unsigned.json' });
    expect(imported.plan.origin).toMatchObject({ kind: 'offline-signing', bundleChecksum: unsigned.checksum });
    const batch = await call('signing.createBatch', { planId: imported.plan.id, acknowledgeBlindSigning: true });
    await call('signing.run', { batchId: batch.id });
    let status = '';
    for (let i = 0; i < 200 && status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await call('signing.openBatch', { batchId: batch.id })).status;
    }
    expect(status).toBe('done');
    const signed = await call('bundles.exportSigned', { batchId: batch.id });
    const { bundle } = await readSignedBundle(signed.content);
    expect(bundle.items.map((i) => i.state)).toEqual(unsigned.items.map(() => 'signed'));
    // Sending needs the chain: refused here, with what to do instead.
    expect(await dispatch(runtime.handlers, 'bundles.importSigned', { content: signed.content }, { transport: 'browser' })).toMatchObject({
      ok: false,
      error: { code: 'OFFLINE' },
    });
    expect(attempts).toEqual([]);
  });
});
