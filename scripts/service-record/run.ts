import { displayRpcUrls } from '../../electron/services/chain/pool';
import path from 'node:path';
import { toAppErrorData } from '../../shared/errors';
import { createServiceClient } from '../../electron/services/service-client';
import { parseFlags, rpcOverrides, serviceFlag, UsageError, walletFlags } from '../status/cli';
import { apiKeyFor, checkServiceAddress, dataDirOf, serviceUrlOf, walletsOf } from '../status/reader';
import { consoleReads } from './reads';
import { prepareOut, ServiceRecorder } from './recorder';

const RECORD_USAGE =
  'usage: npm run service:record -- --service URL --out DIR [--wallet ADDRESS]… [--group NAME] [--data-dir DIR] [--rpc CHAINID=URL]…';

const say = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

/** Runs the command and returns its exit code; every failure is one line on stderr. */
export async function runRecord(argv: string[]): Promise<number> {
  try {
    return await record(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`service:record: ${error.message}`);
      err(RECORD_USAGE);
      return 2;
    }
    const e = toAppErrorData(error);
    err(`service:record: nothing recorded: ${e.message}${e.action ? ` ${e.action}` : ''}`);
    return 1;
  }
}

async function record(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, {
    service: { type: 'string' },
    out: { type: 'string' },
    rpc: { type: 'string', multiple: true, default: [] },
    wallet: { type: 'string', multiple: true, default: [] },
    group: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  if (!flags.out) throw new UsageError('--out DIR is required: the folder the recording is written to');
  const overrides = rpcOverrides(flags.rpc);
  const given = walletFlags(flags.wallet);
  const dataDir = dataDirOf(flags['data-dir']);
  const selection = await walletsOf(given, flags.group, dataDir);
  const serviceUrl = await serviceUrlOf(serviceFlag(flags.service), dataDir);
  const out = path.resolve(flags.out);
  checkServiceAddress(serviceUrl);
  const apiKey = await apiKeyFor(serviceUrl);
  // Only once the address and the key are known good is the folder touched.
  await prepareOut(out);

  const recorder = new ServiceRecorder(serviceUrl);
  // The console's client, its requests passing through the recorder; records set aside are the reader's business, not the recording's.
  const client = createServiceClient({ baseUrl: serviceUrl, getApiKey: async () => apiKey, fetch: recorder.fetch });
  say(`recording ${serviceUrl} for ${selection.from}`);
  const { view, steps } = await consoleReads(
    client,
    selection.wallets,
    selection.group?.id ?? null,
    // A recording of what the console reads for display: --rpc first, else the service's RPC.
    displayRpcUrls(overrides),
    (step) => say(`  ${step.ok ? 'read' : 'FAILED'} ${step.name}${step.message ? `: ${step.message}` : ''}`),
  );
  if (!steps[0]?.ok) {
    err(`service:record: nothing recorded: the portfolio refresh could not be read: ${steps[0]?.message ?? 'the service did not answer'}`);
    return 1;
  }
  const written = await recorder.write(out, apiKey);
  const failed = steps.filter((s) => !s.ok).length;
  if (written.keyEchoed > 0) {
    say(`warning: the service quoted the API key back in ${written.keyEchoed} answers; it was blanked ("[api key]") before writing. Tell the service's operator.`);
  }
  say(
    `${written.answers} answers written to ${out} (${view.vaults.length} vaults, ${view.wallets.length} wallets${failed ? `, ${failed} reads failed` : ''}); serve them with: npm run sim:service -- --replay ${out}`,
  );
  say(
    JSON.stringify({
      out,
      answers: written.answers,
      keyEchoed: written.keyEchoed,
      vaults: view.vaults.length,
      wallets: view.wallets.length,
      failedReads: steps.filter((s) => !s.ok).map((s) => s.name),
    }),
  );
  return 0;
}
