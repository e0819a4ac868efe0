import { toAppErrorData } from '../../shared/errors';
import type { SetAsideRecord } from '../../shared/service';
import { createServiceGraph } from '../../electron/runtime/service-graph';
import { displayRpcUrls } from '../../electron/services/chain/pool';
import { parseFlags, rpcOverrides, serviceFlag, UsageError, walletFlags } from './cli';
import { statusLines } from './print';
import { dataDirOf, serviceClientFor, serviceUrlOf, walletsOf } from './reader';
import { nothingRead, summarize } from './summary';
import { watchStatus } from './watch';

const STATUS_USAGE =
  'usage: npm run status -- [--service URL] [--rpc CHAINID=URL]… [--wallet ADDRESS]… [--group NAME] [--data-dir DIR] [--json] [--watch [--every SECONDS]]' +
  " (a chain without --rpc is read through the RPC the service lists, for display only: status plans nothing)";

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

/** Runs the command and returns its exit code; every failure is one line on stderr. */
export async function runStatus(argv: string[]): Promise<number> {
  try {
    return await status(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`status: ${error.message}`);
      err(STATUS_USAGE);
      return 2;
    }
    const e = toAppErrorData(error);
    err(`status: nothing could be read: ${oneLine(e.message)}${e.action ? ` ${oneLine(e.action)}` : ''}`);
    return 1;
  }
}

async function status(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, {
    service: { type: 'string' },
    rpc: { type: 'string', multiple: true, default: [] },
    wallet: { type: 'string', multiple: true, default: [] },
    group: { type: 'string' },
    'data-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
    watch: { type: 'boolean', default: false },
    every: { type: 'string' },
  });
  const everyS = flags.every === undefined ? 60 : Number(flags.every);
  if (!Number.isFinite(everyS) || everyS < 1) throw new UsageError(`--every takes a number of seconds (1 or more), got "${flags.every}"`);
  if (flags.every !== undefined && !flags.watch) throw new UsageError('--every goes with --watch');
  const overrides = rpcOverrides(flags.rpc);
  const given = walletFlags(flags.wallet);
  const serviceArg = serviceFlag(flags.service);
  if (given.length > 0 && flags.group !== undefined) throw new UsageError('give either --wallet addresses or --group NAME, not both');

  const dataDir = dataDirOf(flags['data-dir']);
  const selection = await walletsOf(given, flags.group, dataDir);
  const serviceUrl = await serviceUrlOf(serviceArg, dataDir);
  const setAside: SetAsideRecord[] = [];
  const client = await serviceClientFor(serviceUrl, (records) => setAside.push(...records));
  const { portfolio } = createServiceGraph({
    service: async () => client,
    // Display only: without --rpc for a chain, its figures are read through the service's RPC.
    rpcUrls: displayRpcUrls(overrides),
  });
  const view = await portfolio.load(selection.wallets, selection.group?.id ?? null);
  const summary = summarize(view, setAside, { service: serviceUrl, walletsFrom: selection.from });

  const failed = nothingRead(summary);
  // Nothing read: a human gets the one line below; a script still gets its JSON line to parse.
  if (flags.json) out(JSON.stringify(summary));
  else if (!failed) for (const line of statusLines(summary)) out(line);
  if (failed) {
    err(`status: nothing could be read: ${oneLine(failed.message)}`);
    return 1;
  }
  if (flags.watch) {
    // Until Ctrl-C: the epoch windows and changes of these vaults, each told once.
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    const load = () => portfolio.load(selection.wallets, selection.group?.id ?? null);
    await watchStatus(view, load, { everyMs: everyS * 1000, json: flags.json, out, err, stop: stop.signal });
  }
  return 0;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
