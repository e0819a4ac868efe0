import { BaseError, ContractFunctionRevertedError, zeroAddress, type Hex, type PublicClient } from 'viem';
import { PROBES, probeAbi, type ProbeAnswers, type ProbeName } from '../../../shared/abi/generations/detect';
import { withdrawQueueOf, type ContractSet, type PinnedToken, type RegistryRole } from '../../../shared/registry/schemas';
import { relationAbi, UNKNOWN_SELECTOR } from '../../../shared/abi/relations';
import type { QueueReads, RelationReads } from './checks';
import { momentOf, type ChainMoment } from '../chain-facts/moment';

type Addr = `0x${string}`;
type RelationView = 'token' | 'AATranche' | 'strategy' | 'keyring' | 'idleCDOEpoch' | 'underlying' | 'tranche' | 'minter' | 'idleCDO';

/**
 * Reads, at one moment of the operator's RPC (a plan's, so that the relations and the vault's facts
 * are of one block; else the head now), everything `evaluateRelations` judges a set by: the
 * links each contract names (with the real contracts' own getters), which generation each answers
 * as, code, refusals and the tokens. Each read stands alone: a contract that does not answer one
 * view leaves null there, so the check that needs it fails with what was missing rather than the
 * whole review. A read the node could not make at all (a transport failure) fails the whole review.
 */
export async function readRelations(at: ChainMoment | PublicClient, set: ContractSet): Promise<{ reads: RelationReads; keyring: Addr | null }> {
  const moment = await momentOf(at);
  // At one moment a set's relations are what they are: a vault pinned and then verified by the same plan is read once.
  const key = JSON.stringify(set);
  let known = readAtMoment.get(moment);
  if (!known) readAtMoment.set(moment, (known = new Map()));
  let reading = known.get(key);
  if (!reading) {
    reading = readRelationsAt(moment, set);
    known.set(key, reading);
    reading.catch(() => known.delete(key));
  }
  return reading;
}

type RelationsAnswer = Awaited<ReturnType<typeof readRelations>>;
const readAtMoment = new WeakMap<ChainMoment, Map<string, Promise<RelationsAnswer>>>();

async function readRelationsAt({ client, block }: ChainMoment, set: ContractSet): Promise<RelationsAnswer> {
  const blockNumber = BigInt(block.number);
  const view = async (address: string, functionName: RelationView): Promise<string | null> => {
    try {
      const answer = await client.readContract({ address: address as Addr, abi: relationAbi, functionName, blockNumber });
      return typeof answer === 'string' ? answer : null;
    } catch {
      return null;
    }
  };
  const hasCode = async (address: string | null): Promise<boolean | undefined> => {
    if (!address) return undefined;
    const code = await client.getCode({ address: address as Addr, blockNumber }).catch(() => undefined);
    return !!code && code !== '0x';
  };
  const refuses = async (address: string | null): Promise<boolean | undefined> => {
    if (!address) return undefined;
    try {
      await client.call({ to: address as Addr, data: UNKNOWN_SELECTOR as Hex, blockNumber });
      return false;
    } catch {
      return true;
    }
  };
  /**
   * Whether the contract answers each of a kind's probes: a revert means it lacks the view; any
   * other failure (the node did not answer) fails the review, since a generation guessed from a
   * failed read would plan with the wrong calls.
   */
  const probe = async (address: string, names: readonly ProbeName[]): Promise<ProbeAnswers> => {
    const answers = await Promise.all(
      names.map((functionName) =>
        client.readContract({ address: address as Addr, abi: probeAbi, functionName, blockNumber }).then(
          () => true,
          (err: unknown) => {
            if (isRevert(err)) return false;
            // It answered, but not as the view does (a contract that answers every call with one
            // word): an answer all the same; the relation checks judge what it is.
            if (isUndecodable(err)) return true;
            throw err;
          },
        ),
      ),
    );
    return Object.fromEntries(names.map((n, i) => [n, answers[i]]));
  };
  const token = async (address: string): Promise<PinnedToken | null> => {
    try {
      const [decimals, symbol] = await Promise.all([
        client.readContract({ address: address as Addr, abi: relationAbi, functionName: 'decimals', blockNumber }),
        client.readContract({ address: address as Addr, abi: relationAbi, functionName: 'symbol', blockNumber }),
      ]);
      return { decimals: Number(decimals), symbol };
    } catch {
      return null;
    }
  };
  const queueReads = async (address: string | null): Promise<QueueReads | null> => {
    if (!address) return null;
    const [idleCDOEpoch, underlying, strategy, tranche, probes] = await Promise.all([
      view(address, 'idleCDOEpoch'),
      view(address, 'underlying'),
      view(address, 'strategy'),
      view(address, 'tranche'),
      probe(address, PROBES.queue),
    ]);
    return { idleCDOEpoch, underlying, strategy, tranche, probes };
  };

  const withdrawQueue = withdrawQueueOf(set);
  const [evToken, evTranche, evStrategy, evKeyring, minter, evProbes] = await Promise.all([
    view(set.epochVault, 'token'),
    view(set.epochVault, 'AATranche'),
    view(set.epochVault, 'strategy'),
    view(set.epochVault, 'keyring'),
    view(set.tranche, 'minter'),
    probe(set.epochVault, PROBES.epochVault),
  ]);
  // The keyring is named by the epoch vault itself (the service does not give its address).
  const keyring: Addr | null =
    (set.keyring as Addr | null) ?? (evKeyring && evKeyring.toLowerCase() !== zeroAddress ? (evKeyring as Addr) : null);
  const full: ContractSet = { ...set, withdrawQueue, keyring };
  const roles = (Object.keys(full) as RegistryRole[]).filter((r) => full[r]);
  const sameQueue = withdrawQueue !== null && set.queue !== null && withdrawQueue.toLowerCase() === set.queue.toLowerCase();
  const [codes, queue, separateWithdrawQueue, strategy, refusals, tokens] = await Promise.all([
    Promise.all(roles.map((r) => hasCode(full[r] ?? null))),
    queueReads(set.queue),
    sameQueue ? Promise.resolve(null) : queueReads(withdrawQueue),
    Promise.all([view(set.strategy, 'idleCDO'), view(set.strategy, 'token'), probe(set.strategy, PROBES.strategy)]),
    Promise.all((['epochVault', 'queue', 'withdrawQueue', 'tranche', 'strategy'] as const).map((r) => refuses(full[r] ?? null))),
    Promise.all([token(set.underlying), token(set.tranche), token(set.strategy)]),
  ]);
  const reads: RelationReads = {
    block: blockNumber,
    code: Object.fromEntries(roles.map((r, i) => [r, codes[i]])),
    epochVault: { token: evToken, AATranche: evTranche, strategy: evStrategy, keyring: evKeyring, probes: evProbes },
    tranche: { minter },
    queue,
    withdrawQueue: sameQueue ? queue : separateWithdrawQueue,
    strategy: { idleCDO: strategy[0], token: strategy[1], probes: strategy[2] },
    refusesUnknown: {
      epochVault: refusals[0],
      queue: refusals[1],
      withdrawQueue: refusals[2],
      tranche: refusals[3],
      strategy: refusals[4],
    },
    tokens: { underlying: tokens[0], tranche: tokens[1], strategy: tokens[2] },
  };
  return { reads, keyring };
}

/** Whether a failed call was the contract refusing it (a revert, or no answer data for the view) rather than the node failing. */
function isRevert(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  const found = err.walk((e) => e instanceof ContractFunctionRevertedError || /revert|returned no data|invalid opcode/i.test((e as BaseError).shortMessage ?? ''));
  return found !== null;
}

/** Whether a call answered with data that is not what the view returns (it did answer). */
function isUndecodable(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return err.walk((e) => /Decod|Invalid\w*Bool|OutOfBounds/i.test((e as Error).name ?? '')) !== null;
}
