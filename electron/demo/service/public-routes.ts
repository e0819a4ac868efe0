import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { notFound } from './http-error';

/**
 * The key-less namespace of the protocol's service: `/v1/public/<path>` answers what `/v1/<path>`
 * answers (same shapes, query parameters and limits), without a key, for the public resources
 * only: vaults (with their performance overview), their latest blocks and blocks, vault
 * performances, operators and tokens. Everything else (requests, positions, transactions,
 * epochs, campaigns, signatures) still needs the key.
 */
const PUBLIC_PATHS: readonly RegExp[] = [
  /^vaults$/,
  /^vaults\/performances$/,
  /^vaults\/[^/]+$/,
  /^vault-latest-blocks$/,
  /^vault-blocks$/,
  /^vault-blocks\/[^/]+$/,
  /^vault-performances$/,
  /^operators$/,
  /^operators\/[^/]+$/,
  /^tokens$/,
  /^tokens\/[^/]+$/,
];

const PUBLIC_PREFIX = '/v1/public/';

export const isPublicRoute = (path: string): boolean => path.startsWith(PUBLIC_PREFIX);

/**
 * Serves the public namespace by answering the same request on its keyed route: one
 * implementation of each resource, so the two cannot drift apart. Faults and the key check are
 * applied once, on that inner request.
 */
export function servePublicRoutes(app: Hono<{ Bindings: HttpBindings }>, apiKey: string): void {
  app.get(`${PUBLIC_PREFIX}*`, (c) => {
    const url = new URL(c.req.url);
    const rest = url.pathname.slice(PUBLIC_PREFIX.length);
    if (!PUBLIC_PATHS.some((p) => p.test(rest))) {
      throw notFound('ROUTE_NOT_FOUND', `No public route ${url.pathname}: it needs an API key (GET /v1/${rest})`);
    }
    url.pathname = `/v1/${rest}`;
    return app.fetch(new Request(url, { headers: { authorization: `Bearer ${apiKey}` } }), c.env);
  });
}
