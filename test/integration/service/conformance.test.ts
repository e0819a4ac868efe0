import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import type { z } from 'zod';
import {
  CampaignPointsSchema,
  IntegrationsSchema,
  listEnvelope,
  PositionSchema,
  RESOURCES,
  ServiceErrorBodySchema,
  SignatureCheckSchema,
  VaultLatestBlockSchema,
  VaultsPerformanceAggregateSchema,
  type ResourceName,
  type Vault,
  type VaultBlock,
  type VaultRequest,
} from '../../../shared/service';
import { spawnSimService, type SimProcess } from './sim-process';

/**
 * Conformance of the standalone simulated service, over HTTP: every operation, the list rules,
 * auth, errors, signatures, the dataset's promises and the fault flags of the CLI.
 */

let sim: SimProcess;
let faulty: SimProcess;
let limited: SimProcess;
let malformed: SimProcess;
let truncating: SimProcess;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

async function call(base: SimProcess, path: string, init: RequestInit & { key?: string | null } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? base.apiKey : init.key;
  if (key !== null) headers.set('authorization', `Bearer ${key}`);
  const response = await fetch(`${base.url}${path}`, { ...init, headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, headers: response.headers, text };
}

const api = (path: string, init?: RequestInit & { key?: string | null }) => call(sim, path, init);

function expectError(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(ServiceErrorBodySchema.parse(answer.body)).toMatchObject({ code, statusCode: status, message: expect.any(String) });
}

async function all<T>(path: string): Promise<T[]> {
  const sep = path.includes('?') ? '&' : '?';
  const out: T[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await api(`${path}${sep}limit=200&offset=${offset}`);
    expect(page.status).toBe(200);
    out.push(...(page.body.data as T[]));
    if (out.length >= page.body.totalCount) return out;
  }
}

let vaults: Vault[];
let epochVault: Vault;

beforeAll(async () => {
  [sim, faulty, limited, malformed, truncating] = await Promise.all([
    spawnSimService(['--port', '0', '--seed', '42', '--wallets', '300', '--now', '2026-11-01T00:00:00Z']),
    spawnSimService(['--port', '0', '--seed', '1', '--wallets', '0', '--fail-rate', '1', '--latency', '150']),
    spawnSimService(['--port', '0', '--seed', '1', '--wallets', '0', '--rate-limit-rate', '1', '--retry-after', '7']),
    spawnSimService(['--port', '0', '--seed', '1', '--wallets', '0', '--malformed-rate', '1']),
    spawnSimService(['--port', '0', '--seed', '1', '--wallets', '0', '--truncate-rate', '1']),
  ]);
  vaults = (await api('/v1/vaults?limit=200')).body.data;
  epochVault = vaults.find((v) => v.contractType === 'CDO_EPOCH' && v.visibility === 'PUBLIC' && v.status === 'READY')!;
});

afterAll(async () => {
  await Promise.all([sim?.stop(), faulty?.stop(), limited?.stop(), malformed?.stop(), truncating?.stop()]);
});

describe('standalone process', () => {
  it('prints {url, apiKey} as its first line and serves on loopback', () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sim.apiKey.length).toBeGreaterThan(16);
  });

  it('stops cleanly on SIGTERM', async () => {
    const extra = await spawnSimService(['--port', '0', '--wallets', '0']);
    expect((await call(extra, '/v1/chains')).status).toBe(200);
    expect(await extra.stop()).toBe(0);
  });
});

describe('authentication', () => {
  it('answers 401 NOT_AUTHENTICATED without a key', async () => {
    expectError(await api('/v1/vaults', { key: null }), 401, 'NOT_AUTHENTICATED');
  });

  it('answers 401 with a wrong key, and never echoes it', async () => {
    const answer = await api('/v1/vaults', { key: 'not-the-key' });
    expectError(answer, 401, 'NOT_AUTHENTICATED');
    expect(answer.text).not.toContain('not-the-key');
  });

  it('protects every operation, the sign POST included', async () => {
    const signatureId = (await api('/v1/signatures')).body.data[0]._id;
    expectError(await api(`/v1/vaults/${epochVault._id}`, { key: null }), 401, 'NOT_AUTHENTICATED');
    expectError(await api(`/v1/signatures/${signatureId}/sign`, { method: 'POST', key: null, body: '{}' }), 401, 'NOT_AUTHENTICATED');
  });
});

describe('every operation', () => {
  const listResources = Object.keys(RESOURCES) as ResourceName[];

  it.each(listResources)('GET list of %s answers a valid envelope', async (name) => {
    const answer = await api(RESOURCES[name].path);
    expect(answer.status).toBe(200);
    if (name === 'vaultsPerformanceOverview') {
      // The protocol's service answers one aggregate here, not a page.
      expect(VaultsPerformanceAggregateSchema.parse(answer.body).vaults).toBeGreaterThan(0);
      return;
    }
    const parsed = listEnvelope(RESOURCES[name].schema as z.ZodType).parse(answer.body);
    expect(parsed.data.length).toBeGreaterThan(0);
    expect(parsed.totalCount).toBeGreaterThanOrEqual(parsed.data.length);
  });

  const byId = listResources.filter((name) => RESOURCES[name].byId);

  it.each(byId)('GET one %s by id, and 404 with its code for an unknown id', async (name) => {
    const def = RESOURCES[name];
    const first = (await api(`${def.path}?limit=1`)).body.data[0];
    const answer = await api(`${def.path}/${first._id}`);
    expect(answer.status).toBe(200);
    expect(def.schema.parse(answer.body)).toEqual(first);
    expectError(await api(`${def.path}/ffffffffffffffffffffffff`), 404, def.notFoundCode);
  });

  it('GET /v1/vaults/:id/integrations answers a free-form object', async () => {
    const answer = await api(`/v1/vaults/${epochVault._id}/integrations`);
    expect(answer.status).toBe(200);
    expect(Object.keys(IntegrationsSchema.parse(answer.body)).length).toBeGreaterThan(0);
    expectError(await api('/v1/vaults/ffffffffffffffffffffffff/integrations'), 404, 'VAULT_NOT_FOUND');
  });

  it('GET /v1/campaigns/:id/points answers points for a wallet, and the totals without one', async () => {
    const campaign = (await api('/v1/campaigns')).body.data[1];
    const wallet = (await api(`/v1/vault-requests?limit=1`)).body.data[0].walletAddress;
    const mine = CampaignPointsSchema.parse((await api(`/v1/campaigns/${campaign._id}/points?walletAddress=${wallet}`)).body);
    const total = CampaignPointsSchema.parse((await api(`/v1/campaigns/${campaign._id}/points`)).body);
    expect(total.points).toBeGreaterThanOrEqual(mine.points);
    expectError(await api(`/v1/campaigns/${campaign._id}/points?walletAddress=0x12`), 400, 'WALLET_ADDRESS_MALFORMED');
    expectError(await api('/v1/campaigns/ffffffffffffffffffffffff/points'), 404, 'CAMPAIGN_NOT_FOUND');
  });

  it('answers 404 ROUTE_NOT_FOUND for a path that does not exist', async () => {
    expectError(await api('/v1/nothing-here'), 404, 'ROUTE_NOT_FOUND');
  });
});

describe('paging', () => {
  it('returns 50 by default and at most 200', async () => {
    const byDefault = await api('/v1/vault-requests');
    expect(byDefault.body.data).toHaveLength(50);
    expect(byDefault.body.totalCount).toBeGreaterThan(200);
    expect((await api('/v1/vault-requests?limit=200')).body.data).toHaveLength(200);
  });

  it.each(['201', '1000', 'abc', '1.5', '-1', ''])('answers 400 for limit=%s', async (limit) => {
    expectError(await api(`/v1/vault-requests?limit=${limit}`), 400, 'VALIDATION_ERROR');
  });

  it('answers 400 for an offset that is not a non-negative integer', async () => {
    expectError(await api('/v1/vault-requests?offset=-3'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vault-requests?offset=x'), 400, 'VALIDATION_ERROR');
  });

  it('pages with offset without overlap or gap', async () => {
    const whole = (await api('/v1/transactions?limit=60')).body.data.map((t: { _id: string }) => t._id);
    const first = (await api('/v1/transactions?limit=25')).body.data.map((t: { _id: string }) => t._id);
    const second = (await api('/v1/transactions?limit=25&offset=25')).body.data.map((t: { _id: string }) => t._id);
    expect([...first, ...second]).toEqual(whole.slice(0, 50));
    const past = await api('/v1/transactions?offset=1000000');
    expect(past.body.data).toEqual([]);
    expect(past.body.totalCount).toBeGreaterThan(0);
  });
});

describe('sorting', () => {
  it('sorts by field ascending and with order=desc descending', async () => {
    const desc = (await api('/v1/vaults?sort=name&order=desc')).body.data.map((v: Vault) => v.name);
    const asc = (await api('/v1/vaults?sort=name')).body.data.map((v: Vault) => v.name);
    expect(desc).toEqual([...asc].reverse());
    expect(asc).toEqual([...asc].sort());
  });

  it('takes only sort=field&order=… with a field of the official schema, as the official client writes it', async () => {
    expectError(await api('/v1/vaults?sort=-name'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vaults?sort=feePercentage'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vaults?sort=name&order=sideways'), 400, 'VALIDATION_ERROR');
  });

  it('sorts requests by the date they were made', async () => {
    const rows: VaultRequest[] = (await api('/v1/vault-requests?sort=requestedOn&order=desc&limit=200')).body.data;
    const dates = rows.map((r) => Date.parse(r.requestedOn ?? ''));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
  });

  it('sorts on nested fields', async () => {
    const blocks: VaultBlock[] = (await api(`/v1/vault-blocks?vaultId=${epochVault._id}&sort=block&order=desc`)).body.data;
    const numbers = blocks.map((b) => b.block.number);
    expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
  });
});

describe('projection and id lists', () => {
  it('returns only the named fields, and always _id', async () => {
    const rows = (await api('/v1/vaults?fields=name,cdoEpoch.address&limit=200')).body.data as Record<string, unknown>[];
    for (const row of rows) {
      expect(Object.keys(row).every((k) => ['_id', 'name', 'cdoEpoch'].includes(k))).toBe(true);
      expect(row._id).toEqual(expect.any(String));
    }
    const epochRow = rows.find((r) => r._id === epochVault._id)!;
    expect(epochRow.cdoEpoch).toEqual({ address: epochVault.cdoEpoch!.address });
  });

  it('selects by a comma list of _id', async () => {
    const ids = vaults.slice(0, 3).map((v) => v._id);
    const answer = await api(`/v1/vaults?_id=${ids.join(',')}`);
    expect(answer.body.data.map((v: Vault) => v._id).sort()).toEqual([...ids].sort());
    expect(answer.body.totalCount).toBe(3);
  });

  it('takes at most 200 ids', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => i.toString(16).padStart(24, '0'));
    expectError(await api(`/v1/vaults?_id=${ids.join(',')}`), 400, 'VALIDATION_ERROR');
    expect((await api(`/v1/vaults?_id=${ids.slice(0, 200).join(',')}`)).status).toBe(200);
  });

  it('selects signature definitions by _id', async () => {
    const ids = epochVault.signatures!.filter((s) => s.entity === 'LENDER').map((s) => s._id);
    const defs = (await api(`/v1/signatures?_id=${ids.join(',')}`)).body.data;
    expect(defs.map((d: { _id: string }) => d._id).sort()).toEqual([...ids].sort());
  });
});

describe('filters', () => {
  it('finds a vault by its address, whatever the case', async () => {
    const lower = epochVault.address.toLowerCase();
    const answer = await api(`/v1/vaults?address=${lower}`);
    expect(answer.body.data.map((v: Vault) => v._id)).toEqual([epochVault._id]);
  });

  it('answers 400 ADDRESS_MALFORMED / WALLET_ADDRESS_MALFORMED for bad addresses', async () => {
    expectError(await api('/v1/vaults?address=0xnothex'), 400, 'ADDRESS_MALFORMED');
    expectError(await api('/v1/vault-requests?walletAddress=0x1234'), 400, 'WALLET_ADDRESS_MALFORMED');
  });

  it('filters with :ne, :ct and a comma list', async () => {
    const notPublic = (await api('/v1/vaults?visibility:ne=PUBLIC')).body.data as Vault[];
    expect(notPublic.length).toBeGreaterThan(0);
    expect(notPublic.every((v) => v.visibility !== 'PUBLIC')).toBe(true);
    const usdc = (await api('/v1/vaults?name:ct=usdc')).body.data as Vault[];
    expect(usdc.length).toBeGreaterThan(0);
    expect(usdc.every((v) => v.name.toLowerCase().includes('usdc'))).toBe(true);
    const two = (await api('/v1/vaults?visibility=HIDDEN,RESTRICTED')).body.data as Vault[];
    expect(new Set(two.map((v) => v.visibility))).toEqual(new Set(['HIDDEN', 'RESTRICTED']));
    // `status` takes one value in the official schema.
    expectError(await api('/v1/vaults?status=PAUSED,DISABLED'), 400, 'VALIDATION_ERROR');
  });

  it('filters numbers with ranges, and only those the official schema names', async () => {
    const epochs = await all<{ count: number }>(`/v1/vault-epochs?vaultId=${epochVault._id}`);
    const early = (await api(`/v1/vault-epochs?vaultId=${epochVault._id}&count:lte=2`)).body.data as { count: number }[];
    expect(early.length).toBe(epochs.filter((e) => e.count <= 2).length);
    expect(early.every((e) => e.count <= 2)).toBe(true);
    expectError(await api('/v1/vault-epochs?count:gt=ten'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vaults?feePercentage:gt=10000'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vault-requests?status:ne=CLAIMED'), 400, 'VALIDATION_ERROR');
  });

  it('filters dates with ranges', async () => {
    const epochs = await all<{ startDate: string }>(`/v1/vault-epochs?vaultId=${epochVault._id}`);
    const cut = epochs[Math.floor(epochs.length / 2)]!.startDate;
    const after = (await api(`/v1/vault-epochs?vaultId=${epochVault._id}&startDate:gte=${cut}`)).body.data;
    const before = (await api(`/v1/vault-epochs?vaultId=${epochVault._id}&startDate:lt=${cut}`)).body.data;
    expect(after.length + before.length).toBe(epochs.length);
    expect(after.every((e: { startDate: string }) => e.startDate >= cut)).toBe(true);
    expectError(await api('/v1/vault-epochs?startDate:gte=yesterday'), 400, 'VALIDATION_ERROR');
  });


  it('answers 400 for an unknown filter or operator', async () => {
    expectError(await api('/v1/vaults?colour=red'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vaults?name:near=x'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vaults?name:gte=M'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vaults?address:gt=0x0000000000000000000000000000000000000000'), 400, 'VALIDATION_ERROR');
  });

  it('filters vault requests by vaultId, walletAddress, status and type', async () => {
    const some: VaultRequest = (await api(`/v1/vault-requests?vaultId=${epochVault._id}&limit=1`)).body.data[0];
    const wallet = some.walletAddress.toLowerCase();
    const mine = (await api(`/v1/vault-requests?walletAddress=${wallet}`)).body.data as VaultRequest[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.walletAddress.toLowerCase() === wallet)).toBe(true);
    const pendingDeposits = await all<VaultRequest>(`/v1/vault-requests?vaultId=${epochVault._id}&status=PENDING&type=DEPOSIT`);
    expect(pendingDeposits.every((r) => r.vaultId === epochVault._id && r.status === 'PENDING' && r.type === 'DEPOSIT')).toBe(true);
  });
});

describe('latest blocks', () => {
  it('serves the single form with the highest block of the vault and its open requests', async () => {
    const latest = VaultLatestBlockSchema.parse((await api(`/v1/vault-latest-block?vaultId=${epochVault._id}`)).body);
    const history = await all<VaultBlock>(`/v1/vault-blocks?vaultId=${epochVault._id}`);
    expect(latest.block.number).toBe(Math.max(...history.map((b) => b.block.number)));
    const open = await all<VaultRequest>(`/v1/vault-requests?vaultId=${epochVault._id}&status=PENDING,PROCESSED,CLAIMABLE,INSTANT_CLAIMABLE,FULFILLED,COMPLETED`);
    expect(latest.requests?.length).toBe(open.length);
    expect(latest.cdoEpoch?.status).toMatch(/^(RUNNING|WAITING|DEFAULTED)$/);
    expect(latest.TVL?.USD).toMatch(/^\d+$/);
  });

  it('serves the list form for several vaults in one request', async () => {
    const ids = vaults.slice(0, 4).map((v) => v._id);
    const answer = await api(`/v1/vault-latest-blocks?vaultId=${ids.join(',')}`);
    const page = listEnvelope(VaultLatestBlockSchema).parse(answer.body);
    expect(page.data.map((b) => b.vaultId).sort()).toEqual([...ids].sort());
  });

  it('answers 400 without vaultId and 404 for an unknown vault', async () => {
    expectError(await api('/v1/vault-latest-block'), 400, 'VALIDATION_ERROR');
    expectError(await api('/v1/vault-latest-block?vaultId=ffffffffffffffffffffffff'), 404, 'VAULT_NOT_FOUND');
  });
});

describe('positions', () => {
  it('serves a wallet position', async () => {
    const request: VaultRequest = (await api(`/v1/vault-requests?vaultId=${epochVault._id}&limit=1`)).body.data[0];
    const answer = await api(`/v1/vaults/${epochVault._id}/position?walletAddress=${request.walletAddress.toLowerCase()}`);
    const position = PositionSchema.parse(answer.body);
    expect(BigInt(position.deposits!.token!)).toBeGreaterThan(0n);
    expect(position.vaultPrice).toMatch(/^\d+$/);
  });

  it('serves an empty position for a wallet that never deposited', async () => {
    const answer = await api(`/v1/vaults/${epochVault._id}/position?walletAddress=0x000000000000000000000000000000000000dEaD`);
    expect(PositionSchema.parse(answer.body)).toMatchObject({ balance: '0', deposits: { token: '0', USD: '0' } });
  });

  it('answers 400 for a malformed wallet and 404 for an unknown vault', async () => {
    expectError(await api(`/v1/vaults/${epochVault._id}/position?walletAddress=nope`), 400, 'WALLET_ADDRESS_MALFORMED');
    expectError(await api(`/v1/vaults/${epochVault._id}/position`), 400, 'WALLET_ADDRESS_MALFORMED');
    expectError(
      await api('/v1/vaults/ffffffffffffffffffffffff/position?walletAddress=0x000000000000000000000000000000000000dEaD'),
      404,
      'VAULT_NOT_FOUND',
    );
  });
});

describe('signatures', () => {
  const account = privateKeyToAccount(`0x${'42'.repeat(32)}`);
  const stranger = privateKeyToAccount(`0x${'43'.repeat(32)}`);

  it('signs the decoded walletMessage, then check finds it', async () => {
    const definition = (await api('/v1/signatures?limit=200')).body.data.find((d: { code?: string }) => d.code === 'TERMS_OF_SERVICE');
    const message = Buffer.from(definition.walletMessage, 'base64').toString('utf8');
    expect(message).toMatch(/Terms of Service/);

    const checkPath = `/v1/signatures/${definition._id}/check?walletAddress=${account.address}`;
    expectError(await api(checkPath), 404, 'SIGNATURE_NOT_EXISTS');

    const hash = await account.signMessage({ message });
    const signed = await api(`/v1/signatures/${definition._id}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: account.address, hash }),
    });
    expect(signed.status).toBe(201);

    const check = SignatureCheckSchema.parse((await api(checkPath)).body);
    expect(check.hash).toBe(hash);
    expect(Date.parse(check.signedOn)).not.toBeNaN();
    // Another definition is still unsigned for this wallet.
    const other = (await api('/v1/signatures?limit=200')).body.data.find((d: { code?: string }) => d.code === 'MASTER_LOAN_AGREEMENT');
    expectError(await api(`/v1/signatures/${other._id}/check?walletAddress=${account.address}`), 404, 'SIGNATURE_NOT_EXISTS');
  });

  it('refuses a signature that does not recover the wallet address', async () => {
    const definition = (await api('/v1/signatures?limit=200')).body.data.find((d: { code?: string }) => d.code === 'MASTER_LOAN_AGREEMENT');
    const message = Buffer.from(definition.walletMessage, 'base64').toString('utf8');
    const hash = await stranger.signMessage({ message });
    const answer = await api(`/v1/signatures/${definition._id}/sign`, {
      method: 'POST',
      body: JSON.stringify({ walletAddress: account.address, hash }),
    });
    expectError(answer, 400, 'SIGNATURE_VERIFICATION_FAILED');
    // A signature of another text by the right wallet fails too.
    const wrongText = await account.signMessage({ message: 'something else' });
    expectError(
      await api(`/v1/signatures/${definition._id}/sign`, { method: 'POST', body: JSON.stringify({ walletAddress: account.address, hash: wrongText }) }),
      400,
      'SIGNATURE_VERIFICATION_FAILED',
    );
    expectError(await api(`/v1/signatures/${definition._id}/check?walletAddress=${account.address}`), 404, 'SIGNATURE_NOT_EXISTS');
  });

  it('answers 400 for a malformed body and 404 for an unknown definition', async () => {
    const definition = (await api('/v1/signatures')).body.data[0];
    expectError(await api(`/v1/signatures/${definition._id}/sign`, { method: 'POST', body: 'not json' }), 400, 'VALIDATION_ERROR');
    expectError(
      await api(`/v1/signatures/${definition._id}/sign`, { method: 'POST', body: JSON.stringify({ walletAddress: '0x1', hash: '0x00' }) }),
      400,
      'WALLET_ADDRESS_MALFORMED',
    );
    expectError(await api(`/v1/signatures/ffffffffffffffffffffffff/check?walletAddress=${account.address}`), 404, 'SIGNATURE_NOT_FOUND');
  });
});

describe('dataset', () => {
  it('has at least 12 past epochs and a block history for every epoch vault', async () => {
    for (const vault of vaults.filter((v) => v.contractType === 'CDO_EPOCH')) {
      const closed = (await api(`/v1/vault-epochs?vaultId=${vault._id}&status=FINISHED&limit=1`)).body.totalCount;
      expect(closed).toBeGreaterThanOrEqual(12);
      const blocks = (await api(`/v1/vault-blocks?vaultId=${vault._id}&limit=1`)).body.totalCount;
      expect(blocks).toBeGreaterThanOrEqual(24);
    }
  });

  it('has operators of each kind, LENDER and MANAGER signatures, campaigns and performances', async () => {
    const operators = (await api('/v1/operators')).body.data.map((o: { type: string }) => o.type);
    expect(new Set(operators)).toEqual(new Set(['PROTOCOL', 'BORROWER', 'CURATOR']));
    const entities = new Set(vaults.flatMap((v) => v.signatures ?? []).map((s) => s.entity));
    expect(entities.has('LENDER') && entities.has('MANAGER')).toBe(true);
    expect((await api('/v1/campaigns')).body.totalCount).toBeGreaterThanOrEqual(1);
    // The protocol's service answers one aggregate over the vaults there.
    expect((await api('/v1/vaults/performances')).body.vaults).toBe(vaults.length);
  });

  it('marks requests PENDING exactly while their epoch has not been processed', async () => {
    const latest = VaultLatestBlockSchema.parse((await api(`/v1/vault-latest-block?vaultId=${epochVault._id}`)).body);
    const completed = latest.cdoEpoch!.epochNumber!;
    const requests = await all<VaultRequest>(`/v1/vault-requests?vaultId=${epochVault._id}`);
    for (const r of requests) expect(r.status === 'PENDING').toBe(r.epochNumber! > completed);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document of every operation without a key', async () => {
    const answer = await api('/openapi.json', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    const paths = Object.keys(answer.body.paths);
    for (const name of Object.keys(RESOURCES) as ResourceName[]) expect(paths).toContain(RESOURCES[name].path);
    for (const p of ['/v1/vaults/{id}', '/v1/vault-latest-block', '/v1/vaults/{vaultId}/position', '/v1/signatures/{signatureId}/sign']) {
      expect(paths).toContain(p);
    }
    expect(answer.body.components.schemas.Vault.properties.cdoEpoch).toBeDefined();
    // Every reference resolves to a component.
    const refs = JSON.stringify(answer.body.paths).match(/#\/components\/schemas\/\w+/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(answer.body.components.schemas[ref.split('/').pop()!]).toBeDefined();
  });
});

describe('fault flags of the CLI', () => {
  it('--fail-rate 1 fails every request with 500 or 503 after --latency', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(faulty, '/v1/chains')));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    for (const a of answers) expect([500, 503]).toContain(a.status);
  });

  it('--rate-limit-rate 1 answers 429 with the Retry-After of --retry-after', async () => {
    const answer = await call(limited, '/v1/chains');
    expectError(answer, 429, 'RATE_LIMITED');
    expect(answer.headers.get('retry-after')).toBe('7');
  });

  it('--malformed-rate 1 answers 200 with a body that is not JSON', async () => {
    const answer = await call(malformed, '/v1/chains');
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).toThrow();
  });

  it('--truncate-rate 1 cuts the body before its announced length', async () => {
    const response = await fetch(`${truncating.url}/v1/chains`, { headers: { authorization: `Bearer ${truncating.apiKey}` } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
