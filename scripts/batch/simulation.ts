import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dataDirOf, fail, simSeed, simServiceLag, simWallets } from './cli';

/**
 * The simulation of a signing run with --sim, and how --resume finds it again.
 *
 * A run killed in the middle of a batch leaves its journal in the data folder; resuming it needs
 * the very chains that journal was written against (the nonces it used, the transactions it sent).
 * So the simulation is not started inside the run but in a process of its own, detached: once a
 * batch is journaled on it, it outlives the run however that ends (an exception, a signal,
 * `kill -9`). Its address is kept beside the journals in `simulation.json`, `--resume --sim`
 * reconnects to it, and it is stopped once the batch run on it is done. Anvil's state files
 * (`--dump-state`, `--load-state`) would also survive a reboot, but the dump on exit never happens
 * when the run is killed, a periodic dump (`--state-interval`) can lag the journal (a transaction
 * the journal holds as confirmed would be missing from the reloaded chain, and the two would
 * disagree), and the indexer behind the simulated service reads past blocks and keeps its store in
 * memory. A live process keeps all of it exactly as the run left it; what it cannot survive is a
 * reboot, which the resume reports.
 */
export interface RunnerSimulation {
  pid: number;
  seed: number;
  wallets: number;
  url: string;
  apiKey: string;
  chains: { chainId: number; rpcUrl: string }[];
  /** The batches journaled on it, newest last. */
  batches: string[];
}

export const simulationFile = () => path.join(dataDirOf(), 'simulation.json');

async function readSimulation(): Promise<RunnerSimulation | null> {
  const text = await readFile(simulationFile(), 'utf8').catch(() => null);
  if (!text) return null;
  try {
    return JSON.parse(text) as RunnerSimulation;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether every chain of the record answers with its own chain id (a pid can be reused). */
async function chainsAnswer(sim: RunnerSimulation): Promise<boolean> {
  const answers = await Promise.all(
    sim.chains.map(async ({ chainId, rpcUrl }) => {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
          signal: AbortSignal.timeout(5_000),
        });
        const body = (await response.json()) as { result?: string };
        return Number(body.result) === chainId;
      } catch {
        return false;
      }
    }),
  );
  return answers.every(Boolean);
}

export async function unfinishedBatches(sim: RunnerSimulation): Promise<string[]> {
  const open: string[] = [];
  for (const id of sim.batches) {
    const text = await readFile(path.join(dataDirOf(), 'journals', `${id}.json`), 'utf8').catch(() => null);
    if (text && (JSON.parse(text) as { status?: string }).status !== 'done') open.push(id);
  }
  return open;
}

export async function stopSimulation(sim: RunnerSimulation): Promise<void> {
  if (isAlive(sim.pid)) {
    process.kill(sim.pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (isAlive(sim.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (isAlive(sim.pid)) process.kill(sim.pid, 'SIGKILL');
  }
  await rm(simulationFile(), { force: true });
}

/**
 * A simulation started by this run and holding no batch yet: a run that stops before journaling
 * one (a bad option, a vault not found, an error) leaves nothing to resume there, so it goes too.
 */
let dropOnExit: RunnerSimulation | null = null;

/** The simulation now holds a journaled batch: it stays up, whatever way this run ends. */
export function keepOnExit(): void {
  dropOnExit = null;
}
process.on('exit', () => {
  if (dropOnExit && isAlive(dropOnExit.pid)) process.kill(dropOnExit.pid, 'SIGTERM');
});

/** Starts the run's simulation in a detached process and waits until it has written its address. */
export async function startRunnerSimulation(): Promise<RunnerSimulation> {
  const earlier = await readSimulation();
  if (earlier && isAlive(earlier.pid) && (await chainsAnswer(earlier))) {
    const open = await unfinishedBatches(earlier);
    if (open.length) {
      fail(
        `the simulation of an earlier run is still up for this data folder (pid ${earlier.pid}) with batch ${open.at(-1)} unfinished; ` +
          'finish it with --sim --resume, or stop that process to start afresh (its batch cannot be resumed then)',
      );
    }
    // Nothing left to resume on it: it is only in the way.
    await stopSimulation(earlier);
  } else if (earlier) await rm(simulationFile(), { force: true });

  const file = simulationFile();
  await mkdir(path.dirname(file), { recursive: true });
  const log = openSync(path.join(path.dirname(file), 'simulation.log'), 'a');
  const host = fileURLToPath(new URL('../batch-simulation.ts', import.meta.url));
  // Loaded through tsx like this script, however this script itself was started.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, host, '--seed', String(simSeed()), '--wallets', String(simWallets()), '--service-lag', simServiceLag(), '--out', file], {
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const sim = await readSimulation();
    if (sim && sim.pid === child.pid) {
      dropOnExit = sim;
      return sim;
    }
    if (exited !== null) fail(`the simulation did not start (exit code ${exited}); see ${path.join(path.dirname(file), 'simulation.log')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      fail('the simulation did not start within 3 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The simulation a crashed or paused --sim run left for --resume. */
export async function recordedSimulation(): Promise<RunnerSimulation> {
  const sim = await readSimulation();
  if (!sim) fail(`no simulation of an earlier --sim run is recorded in ${dataDirOf()}: nothing to resume on it`);
  if (!isAlive(sim.pid) || !(await chainsAnswer(sim))) {
    await rm(simulationFile(), { force: true });
    fail(
      `the simulation of the interrupted run (pid ${sim.pid}) is gone, and the chains its batch was signed for with it; ` +
        'its journal cannot be finished: start a new batch with --sim',
    );
  }
  return sim;
}
