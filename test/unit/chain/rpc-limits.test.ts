import { describe, expect, it } from 'vitest';
import {
  batchRefusalOf,
  logRangeRefusalOf,
  isRateLimitError,
  isTooBigError,
  isUnknownBlockError,
  rateLimitOf,
} from '../../../electron/services/chain/rpc-limits';

// The wordings are the providers' own (see electron/demo/rpc-realism/profile.ts).
const alchemy = {
  code: 429,
  message: 'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message.',
};
const infura = {
  code: -32005,
  message: 'project ID request rate exceeded',
  data: { see: 'https://infura.io/dashboard', backoff_seconds: 2 },
};
const quicknode = { code: -32007, message: '25/second request limit reached - reduce calls per second or upgrade your account' };
const answer = (error: object) => ({ jsonrpc: '2.0', id: 1, error });

describe('reading a provider’s "too many requests"', () => {
  it('reads each provider’s JSON-RPC wording as a rate limit, and not Infura’s too-many-results', () => {
    expect([alchemy, infura, quicknode, { code: -32005, message: 'limit exceeded' }].map(isRateLimitError)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isRateLimitError({ code: -32005, message: 'query returned more than 10000 results' })).toBe(false);
    expect(isRateLimitError({ code: 3, message: 'execution reverted' })).toBe(false);
  });

  it('honours Retry-After, else the backoff the error names, else names no wait', () => {
    expect(rateLimitOf(429, '3', answer(alchemy))).toEqual({ limited: true, waitMs: 3_000 });
    expect(rateLimitOf(429, null, answer(infura))).toEqual({ limited: true, waitMs: 2_000 });
    expect(rateLimitOf(429, null, undefined)).toEqual({ limited: true, waitMs: null });
    // QuickNode answers HTTP 200, each call of a batch with its error.
    expect(rateLimitOf(200, null, [answer(quicknode), answer(quicknode)])).toEqual({ limited: true, waitMs: null });
    expect(rateLimitOf(200, null, { jsonrpc: '2.0', id: 1, result: '0x1' })).toEqual({ limited: false });
  });

  it('tells a call too big for the node, a node behind, and a refused batch', () => {
    expect(isTooBigError('gas required exceeds allowance (600000)')).toBe(true);
    expect(isTooBigError('response too large')).toBe(true);
    expect(isTooBigError('execution reverted')).toBe(false);
    expect(isUnknownBlockError('header not found')).toBe(true);
    expect(batchRefusalOf({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch requests are not supported' } })).toBe('none');
    expect(batchRefusalOf({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } })).toBe('smaller');
    expect(batchRefusalOf([])).toBeNull();
  });

  it('reads each provider’s eth_getLogs range refusal, with the blocks it names as fitting', () => {
    expect(logRangeRefusalOf('You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x10, 0x203]')).toEqual({ fits: 500 });
    expect(logRangeRefusalOf('query returned more than 10000 results. Try with this block range [0x1E8480, 0x1E84E3].')).toEqual({ fits: 100 });
    expect(logRangeRefusalOf('query returned more than 10000 results')).toEqual({ fits: null });
    expect(logRangeRefusalOf('eth_getLogs and eth_newFilter are limited to a 10,000 blocks range')).toEqual({ fits: 10_000 });
    expect(logRangeRefusalOf('exceed maximum block range: 5000')).toEqual({ fits: 5000 });
    expect(logRangeRefusalOf('block range too large')).toEqual({ fits: null });
    // Not a range refusal: a rate limit, a node behind.
    expect(logRangeRefusalOf('project ID request rate exceeded')).toBeNull();
    expect(logRangeRefusalOf('header not found')).toBeNull();
  });
});
