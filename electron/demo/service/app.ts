import { timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { FaultControl, PickedFault } from './faults';
import { badRequest, HttpError, notFound } from './http-error';
import { applyListQuery, parseListQuery } from './list-query';
import { buildOpenApiDocument } from './openapi';
import { officialBlock, officialLatestBlock, officialPoints, officialRecord, performancesAggregate, PriceAt } from './official';
import { address, signRequestBody, type Position, type VaultBlock } from './records';
import { isPublicRoute, servePublicRoutes } from './public-routes';
import { SIM_RESOURCE_NAMES, SIM_RESOURCES } from './resources';
import { verifyWalletSignature } from './signatures';
import type { SimStore } from './store';

/**
 * The routes of the simulated Credit Vault Data Service. Every `/v1` route needs the bearer key
 * but the key-less `/v1/public/…` ones (`public-routes.ts`);
 * faults (when switched on) are applied in front of everything, as a proxy or an overloaded
 * backend would.
 */

interface SimAppOptions {
  store: SimStore;
  apiKey: string;
  faults: FaultControl;
  /** The clock of `signedOn` dates. */
  now?: () => number;
}

type Env = { Bindings: HttpBindings };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function keyMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function auth(apiKey: string): MiddlewareHandler<Env> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !keyMatches(match[1]!.trim(), apiKey)) {
      throw new HttpError(401, 'NOT_AUTHENTICATED', match ? 'The API key is not valid' : 'An API key is required');
    }
    await next();
  };
}

/** Serves the fault picked for this request, or lets it through. */
function faultInjection(faults: FaultControl): MiddlewareHandler<Env> {
  return async (c, next) => {
    const { latencyMs } = faults.settings;
    if (latencyMs > 0) await sleep(latencyMs);
    const fault = faults.pick(c.req.method, c.req.path);
    if (!fault) return next();
    return serveFault(c, fault, next);
  };
}

async function serveFault(c: Context<Env>, fault: PickedFault, next: () => Promise<void>): Promise<Response | void> {
  switch (fault.kind) {
    case 'serverError':
      return c.json({ code: 'INTERNAL_ERROR', message: 'Internal server error', statusCode: 500 }, 500);
    case 'unavailable':
      return c.json({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable', statusCode: 503 }, 503);
    case 'badGateway':
      return c.body('<html><body>502 Bad Gateway</body></html>', 502, { 'content-type': 'text/html' });
    case 'rateLimit':
      return c.json({ code: 'RATE_LIMITED', message: 'Too many requests', statusCode: 429 }, 429, {
        'retry-after': String(fault.retryAfterSeconds),
      });
    case 'malformedJson':
      return c.body('{"data": [{"_id": "', 200, { 'content-type': 'application/json' });
    case 'truncate': {
      await next();
      const full = Buffer.from(await c.res.text());
      const outgoing = c.env?.outgoing;
      if (!outgoing) return c.body(full.subarray(0, Math.floor(full.length / 2)), 200);
      // Announce the whole length, send half, cut the connection: what a dropped connection looks like.
      outgoing.writeHead(c.res.status, { 'content-type': 'application/json', 'content-length': String(full.length) });
      outgoing.write(full.subarray(0, Math.max(1, Math.floor(full.length / 2))), () => outgoing.destroy());
      // Clear first: assigning over a response would copy it into a new one and lose the marker.
      c.res = undefined;
      c.res = RESPONSE_ALREADY_SENT;
      return;
    }
  }
}

function requireWallet(value: string | undefined): string {
  if (value === undefined || value === '') {
    throw badRequest('walletAddress is required', 'WALLET_ADDRESS_MALFORMED');
  }
  if (!address.safeParse(value).success) {
    throw badRequest(`walletAddress '${value}' is not a valid address`, 'WALLET_ADDRESS_MALFORMED');
  }
  return value;
}

/** The latest block as served: the stored block with the vault's open requests and their amounts per type and status. */
function servedLatestBlock(store: SimStore, block: VaultBlock): Record<string, unknown> {
  return officialLatestBlock(officialBlock(block, store.openRequests(block.vaultId)));
}

/** `VAULT_BLOCK_NOT_FOUND` → `vault block`. */
const entityLabel = (code: string) => code.replace(/_NOT_FOUND$/, '').toLowerCase().replace(/_/g, ' ');

const ZERO = { USD: '0', token: '0' };

export function createSimApp(options: SimAppOptions): Hono<Env> {
  const { store, faults } = options;
  const now = options.now ?? Date.now;
  const app = new Hono<Env>();

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.body(), err.statusCode as 400);
    return c.json({ code: 'INTERNAL_ERROR', message: 'Internal server error', statusCode: 500 }, 500);
  });
  app.notFound((c) => c.json({ code: 'ROUTE_NOT_FOUND', message: `No route ${c.req.method} ${c.req.path}`, statusCode: 404 }, 404));

  const openApi = buildOpenApiDocument();
  app.get('/openapi.json', (c) => c.json(openApi));

  // The key-less namespace answers through its keyed routes, which apply the faults and the key.
  const unlessPublic = (mw: MiddlewareHandler<Env>): MiddlewareHandler<Env> => (c, next) => (isPublicRoute(c.req.path) ? next() : mw(c, next));
  app.use('/v1/*', unlessPublic(faultInjection(faults)));
  app.use('/v1/*', unlessPublic(auth(options.apiKey)));
  servePublicRoutes(app, options.apiKey);

  const params = (c: Context<Env>) => new URL(c.req.url).searchParams;

  // Computed lists first: their paths would otherwise match `/:id` routes.
  // The protocol's service answers one aggregate over the vaults here, not a page.
  app.get(SIM_RESOURCES.vaultsPerformanceOverview.path, (c) => {
    parseListQuery(params(c), SIM_RESOURCES.vaultsPerformanceOverview.filters, [], SIM_RESOURCES.vaultsPerformanceOverview.sorts);
    return c.json(performancesAggregate(store));
  });

  app.get(SIM_RESOURCES.vaultLatestBlocks.path, (c) => {
    const query = parseListQuery(params(c), SIM_RESOURCES.vaultLatestBlocks.filters, [], SIM_RESOURCES.vaultLatestBlocks.sorts);
    const rows = store.vaults.all().flatMap((vault) => {
      const block = store.latestVaultBlock(vault._id);
      return block ? [servedLatestBlock(store, block)] : [];
    });
    return c.json(applyListQuery(rows, query));
  });

  app.get('/v1/vault-latest-block', (c) => {
    const vaultId = c.req.query('vaultId');
    if (!vaultId) throw badRequest('vaultId is required');
    if (!store.vaults.has(vaultId)) throw notFound('VAULT_NOT_FOUND', `No vault ${vaultId}`);
    const block = store.latestVaultBlock(vaultId);
    if (!block) throw notFound('VAULT_BLOCK_NOT_FOUND', `No block yet for vault ${vaultId}`);
    return c.json(servedLatestBlock(store, block));
  });

  app.get('/v1/vaults/:vaultId/integrations', (c) => {
    const vaultId = c.req.param('vaultId');
    if (!store.vaults.has(vaultId)) throw notFound('VAULT_NOT_FOUND', `No vault ${vaultId}`);
    const { _id: _ignored, ...integrations } = store.integrations.get(vaultId) ?? { _id: vaultId };
    return c.json(integrations);
  });

  app.get('/v1/vaults/:vaultId/position', (c) => {
    const vaultId = c.req.param('vaultId');
    const walletAddress = requireWallet(c.req.query('walletAddress'));
    if (!store.vaults.has(vaultId)) throw notFound('VAULT_NOT_FOUND', `No vault ${vaultId}`);
    const stored = store.position(vaultId, walletAddress);
    if (stored) {
      const { _id: _ignored, ...position } = stored;
      return c.json(position);
    }
    // A wallet that never deposited has an empty position, not a 404.
    const empty: Position = {
      vaultId,
      walletAddress,
      deposits: ZERO,
      redeemable: ZERO,
      pendingDeposits: ZERO,
      pendingWithdraws: ZERO,
      earnings: { ...ZERO, percentage: 0 },
      realizedAPY: 0,
      poolSharePercentage: 0,
      balance: '0',
    };
    const price = store.latestVaultBlock(vaultId)?.price;
    if (price) empty.vaultPrice = price;
    return c.json(empty);
  });

  app.get('/v1/campaigns/:campaignId/points', (c) => {
    const campaignId = c.req.param('campaignId');
    if (!store.campaigns.has(campaignId)) throw notFound('CAMPAIGN_NOT_FOUND', `No campaign ${campaignId}`);
    const wallet = c.req.query('walletAddress');
    if (wallet === undefined) {
      // Without a wallet: the campaign's totals.
      let points = 0;
      let perDay = 0;
      for (const p of store.campaignPoints.values()) {
        if (p.campaignId !== campaignId) continue;
        points += p.points;
        perDay += p.perDay;
      }
      return c.json(officialPoints({ campaignId, points, perDay, multiplier: 1 }));
    }
    const walletAddress = requireWallet(wallet).toLowerCase();
    const record = store.campaignPoints.find((p) => p.campaignId === campaignId && p.walletAddress.toLowerCase() === walletAddress);
    if (!record) return c.json(officialPoints({ campaignId, walletAddress: wallet, points: 0, perDay: 0, multiplier: 1 }));
    const { _id: _ignored, ...points } = record;
    return c.json(officialPoints(points));
  });

  app.get('/v1/signatures/:signatureId/check', (c) => {
    const signatureId = c.req.param('signatureId');
    const walletAddress = requireWallet(c.req.query('walletAddress')).toLowerCase();
    if (!store.signatures.has(signatureId)) throw notFound('SIGNATURE_NOT_FOUND', `No signature ${signatureId}`);
    const signed = store.signedMessages.find(
      (s) => s.signatureId === signatureId && s.walletAddress.toLowerCase() === walletAddress,
    );
    if (!signed) throw notFound('SIGNATURE_NOT_EXISTS', 'This wallet has not signed this message');
    return c.json({ _id: signed._id, hash: signed.hash, signedOn: signed.signedOn });
  });

  app.post('/v1/signatures/:signatureId/sign', async (c) => {
    const signatureId = c.req.param('signatureId');
    const definition = store.signatures.get(signatureId);
    if (!definition) throw notFound('SIGNATURE_NOT_FOUND', `No signature ${signatureId}`);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest('The body must be JSON: {walletAddress, hash}');
    }
    const parsed = signRequestBody.safeParse(body);
    if (!parsed.success) {
      const walletIssue = parsed.error.issues.some((i) => i.path[0] === 'walletAddress');
      throw badRequest(
        walletIssue ? 'walletAddress is not a valid address' : 'The body must be {walletAddress, hash}',
        walletIssue ? 'WALLET_ADDRESS_MALFORMED' : 'VALIDATION_ERROR',
      );
    }
    const { walletAddress, hash } = parsed.data;
    if (!(await verifyWalletSignature(definition.walletMessage, walletAddress, hash))) {
      throw badRequest('The signature does not match the wallet address', 'SIGNATURE_VERIFICATION_FAILED');
    }
    const existing = store.signedMessages.find(
      (s) => s.signatureId === signatureId && s.walletAddress.toLowerCase() === walletAddress.toLowerCase(),
    );
    const record = {
      _id: existing?._id ?? `${signatureId.slice(0, 12)}${walletAddress.slice(2, 14).toLowerCase()}`,
      signatureId,
      walletAddress,
      hash,
      signedOn: new Date(now()).toISOString(),
    };
    store.signedMessages.upsert(record);
    return c.json(record, 201);
  });

  for (const name of SIM_RESOURCE_NAMES) {
    const collection = store.servedCollection(name);
    if (!collection) continue;
    const def = SIM_RESOURCES[name];
    // Records leave in the protocol's shapes (see `official/`); filters apply to what is served.
    app.get(def.path, (c) => {
      const query = parseListQuery(params(c), def.filters, [], def.sorts);
      const prices = new PriceAt(store);
      return c.json(applyListQuery([...collection.values()].map((r) => officialRecord(name, r, store, prices)), query));
    });
    if (def.byId) {
      app.get(`${def.path}/:id`, (c) => {
        const id = c.req.param('id');
        const record = collection.get(id);
        if (!record) throw notFound(def.notFoundCode, `No ${entityLabel(def.notFoundCode)} with id ${id}`);
        return c.json(officialRecord(name, record, store, new PriceAt(store)));
      });
    }
  }

  return app;
}
