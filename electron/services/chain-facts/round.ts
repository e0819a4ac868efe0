import type { Abi } from 'viem';
import { AppError, isAppError } from '../../../shared/errors';
import { runReads, type Read } from '../portfolio/multicall';
import type { ChainMoment } from './moment';

/** One contract read of a facts round. */
export interface FactCall {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  /** A generation probe: a refusal is an answer (the function is absent), not a failed read. */
  probe?: boolean;
}

/** A probe the contract refused: it lacks the function. */
export const ABSENT = Symbol('absent');

/**
 * One Multicall3 round at the moment's block, through the portfolio's round reader (the same
 * encoding, chunks and slicing as a refresh), answered in order. A read that fails refuses the plan
 * (a fact guessed from a failed read would plan with the wrong figures); a probe's refusal is
 * `ABSENT`.
 */
export async function readRound(moment: ChainMoment, calls: readonly FactCall[]): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const answers = new Array<unknown>(calls.length);
  const answered = new Array<boolean>(calls.length).fill(false);
  const reads: Read[] = calls.map((c, i) => ({
    address: c.address,
    abi: c.abi,
    functionName: c.functionName,
    ...(c.args ? { args: c.args } : {}),
    into: (value) => {
      answers[i] = value;
      answered[i] = true;
    },
    ...(c.probe
      ? {
          absent: () => {
            answers[i] = ABSENT;
            answered[i] = true;
          },
        }
      : {}),
  }));
  try {
    await runReads(moment.client, reads, undefined, moment.block.tag);
  } catch (err) {
    if (isAppError(err)) throw err;
    throw new AppError({
      code: 'SIGNING_READ_FAILED',
      message: `The chain could not be read at block ${moment.block.number}: ${(err as Error).message.split('\n')[0]}`,
      action: 'Check the RPC address of this chain in Settings → Chains, and plan again.',
    });
  }
  const missing = answered.indexOf(false);
  if (missing >= 0) {
    throw new AppError({
      code: 'SIGNING_READ_FAILED',
      message: `The chain did not answer ${calls[missing]!.functionName} on ${calls[missing]!.address} at block ${moment.block.number}.`,
      action: 'Check the RPC address of this chain and plan again.',
    });
  }
  return answers;
}
