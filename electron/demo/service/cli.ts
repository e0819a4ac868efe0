import { parseArgs } from 'node:util';
import { startSimService } from './index';
import { parseRealism } from './wild/flag';
import { serveRecordingFromCli } from './replay';

/**
 * Standalone simulated service:
 *   npm run sim:service -- --port 0 [--seed N] [--wallets N] [--latency MS] [--fail-rate P]
 *     [--rate-limit-rate P] [--retry-after S] [--malformed-rate P] [--truncate-rate P] [--api-key K]
 *     [--realism strict|wild] [--wild-fault-rate P]
 *   npm run sim:service -- --replay DIR [--port N] [--host H] [--api-key K]   (a recording: see replay.ts)
 * The first stdout line is one JSON object `{"url": …, "apiKey": …, "realism": …}`; it serves until
 * SIGINT/SIGTERM.
 */

function number(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    process.stderr.write(`--${name} must be a number between ${min} and ${max}, got '${raw}'\n`);
    process.exit(2);
  }
  return value;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string' },
    seed: { type: 'string' },
    wallets: { type: 'string' },
    latency: { type: 'string' },
    'fail-rate': { type: 'string' },
    'rate-limit-rate': { type: 'string' },
    'retry-after': { type: 'string' },
    'malformed-rate': { type: 'string' },
    'truncate-rate': { type: 'string' },
    'api-key': { type: 'string' },
    now: { type: 'string' },
    realism: { type: 'string', default: 'strict' },
    'wild-fault-rate': { type: 'string' },
    replay: { type: 'string' },
  },
  strict: true,
});

if (values.replay !== undefined) {
  await serveRecordingFromCli(values.replay, {
    port: number('port', values.port, 0, 65_535) ?? 0,
    ...(values.host ? { host: values.host } : {}),
    ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
  });
}

const nowArg = values.now === undefined ? undefined : Date.parse(values.now);
if (nowArg !== undefined && Number.isNaN(nowArg)) {
  process.stderr.write(`--now must be an ISO date, got '${values.now}'\n`);
  process.exit(2);
}

const realism = parseRealism(values.realism);
const wildFaultRate = number('wild-fault-rate', values['wild-fault-rate'], 0, 1);

const faults = {
  latencyMs: number('latency', values.latency, 0, 600_000),
  failRate: number('fail-rate', values['fail-rate'], 0, 1),
  rateLimitRate: number('rate-limit-rate', values['rate-limit-rate'], 0, 1),
  retryAfterSeconds: number('retry-after', values['retry-after'], 0, 3600),
  malformedRate: number('malformed-rate', values['malformed-rate'], 0, 1),
  truncateRate: number('truncate-rate', values['truncate-rate'], 0, 1),
};

const sim = await startSimService({
  port: number('port', values.port, 0, 65_535) ?? 0,
  ...(values.host ? { host: values.host } : {}),
  ...(values.seed !== undefined ? { seed: number('seed', values.seed, 0, 2 ** 32 - 1)! } : {}),
  ...(values.wallets !== undefined ? { wallets: number('wallets', values.wallets, 0, 1_000_000)! } : {}),
  ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
  ...(nowArg !== undefined ? { now: nowArg } : {}),
  faults: Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)),
  realism,
  ...(wildFaultRate !== undefined ? { wildFaultRate } : {}),
});

process.stdout.write(`${JSON.stringify({ url: sim.url, apiKey: sim.apiKey, realism })}\n`);

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
