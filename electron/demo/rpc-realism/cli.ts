import { parseArgs } from 'node:util';
import { parseRpcRealism, realismProfile, RATE_LIMIT_STYLES, type RpcRealismOptions } from './profile';
import { startRpcRealismProxy } from './proxy';

/**
 * The RPC realism proxy in front of any JSON-RPC endpoint (see README.md):
 *   tsx electron/demo/rpc-realism/cli.ts --target URL [--port N] [--profile provider|off] [--seed N]
 *     [--latency MS] [--jitter MS] [--rps N] [--gas-cap GAS] [--response-bytes N] [--refuse-overrides SHARE] [--logs-range BLOCKS]
 *     [--batch refuse|MAX] [--behind BLOCKS:SHARE] [--reorg DEPTH@REQUEST] [--wrong-chain-id ID@REQUEST]
 * Each flag sets one behaviour over the profile's (`--profile off`: only the flags given). The
 * first stdout line is `{"url","target","options"}`; it runs until SIGINT/SIGTERM and then prints
 * what it did as one JSON line.
 */
const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    port: { type: 'string', default: '0' },
    profile: { type: 'string', default: 'provider' },
    seed: { type: 'string', default: '1' },
    latency: { type: 'string' },
    jitter: { type: 'string' },
    rps: { type: 'string' },
    'gas-cap': { type: 'string' },
    'response-bytes': { type: 'string' },
    'logs-range': { type: 'string' },
    'refuse-overrides': { type: 'string' },
    batch: { type: 'string' },
    behind: { type: 'string' },
    reorg: { type: 'string' },
    'wrong-chain-id': { type: 'string' },
  },
  strict: true,
});

const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  process.exit(2);
};
const number = (name: string, raw: string, min: number, max: number): number => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}, got '${raw}'`);
  return n;
};
const pair = (name: string, raw: string, sep: string): [string, string] => {
  const [a, b] = raw.split(sep);
  if (a === undefined || b === undefined) fail(`--${name} must be written A${sep}B, got '${raw}'`);
  return [a!, b!];
};

if (!values.target || !/^https?:\/\//.test(values.target)) fail('--target must be the http(s) address of a JSON-RPC endpoint');
const seed = number('seed', values.seed, 0, 2 ** 31);
const options: RpcRealismOptions = realismProfile(parseRpcRealism(values.profile), seed) ?? { seed };
if (values.latency !== undefined || values.jitter !== undefined) {
  options.latency = {
    baseMs: values.latency !== undefined ? number('latency', values.latency, 0, 60_000) : (options.latency?.baseMs ?? 0),
    jitterMs: values.jitter !== undefined ? number('jitter', values.jitter, 0, 60_000) : (options.latency?.jitterMs ?? 0),
  };
}
if (values.rps !== undefined) options.rateLimit = { perSecond: number('rps', values.rps, 1, 1e6), styles: RATE_LIMIT_STYLES, retryAfterSeconds: 1 };
if (values['gas-cap'] !== undefined) options.gasCap = number('gas-cap', values['gas-cap'], 21_000, 1e12);
if (values['response-bytes'] !== undefined) options.responseBytes = number('response-bytes', values['response-bytes'], 1, 1e10);
if (values['logs-range'] !== undefined) options.logsRangeCap = number('logs-range', values['logs-range'], 1, 1e9);
if (values['refuse-overrides'] !== undefined) options.refuseStateOverrides = number('refuse-overrides', values['refuse-overrides'], 0, 1);
if (values.batch !== undefined) options.batch = values.batch === 'refuse' ? { refuse: true } : { max: number('batch', values.batch, 1, 1e6) };
if (values.behind !== undefined) {
  const [blocks, share] = pair('behind', values.behind, ':');
  options.behind = { blocks: number('behind', blocks, 1, 1e6), share: number('behind', share, 0, 1) };
}
if (values.reorg !== undefined) {
  const [depth, at] = pair('reorg', values.reorg, '@');
  options.reorg = { depth: number('reorg', depth, 1, 64), atRequest: number('reorg', at, 1, 1e9) };
}
if (values['wrong-chain-id'] !== undefined) {
  const [id, at] = pair('wrong-chain-id', values['wrong-chain-id'], '@');
  options.wrongChainId = { chainId: number('wrong-chain-id', id, 1, 2 ** 53), atRequest: number('wrong-chain-id', at, 1, 1e9) };
}

const proxy = await startRpcRealismProxy(values.target!, options, { port: number('port', values.port, 0, 65_535) });
process.stdout.write(`${JSON.stringify({ url: proxy.url, target: values.target, options })}\n`);

const shutdown = (): void => {
  process.stdout.write(`${JSON.stringify({ stats: proxy.stats })}\n`);
  proxy.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
