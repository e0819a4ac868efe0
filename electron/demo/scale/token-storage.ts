import { encodeAbiParameters, keccak256, numberToHex, type Address, type Hex } from 'viem';
import { erc20Abi } from 'viem';
import { AppError } from '../../../shared/errors';
import type { ChainClient } from '../chain';
import { rpcBatch, type RpcCall } from './rpc-batch';

/**
 * Storage slots of the simulation's ERC20 (contracts/src/ERC20.sol), in declaration order:
 * `name` 0, `symbol` 1 (`decimals` is immutable, in the code), `totalSupply` 2,
 * `balanceOf` 3, `allowance` 4. Every write below is checked by reading the token's own getters
 * afterwards, so a change of that layout fails the seeding with a message instead of a wrong world.
 */
const ERC20_SLOTS = { totalSupply: 2n, balanceOf: 3n, allowance: 4n } as const;

const word = (value: bigint): Hex => numberToHex(value, { size: 32 });

/** Slot of `mapping(key => …)` at `slot`, as solc lays it out: keccak256(key . slot). */
const mappingSlot = (key: Address, slot: bigint): Hex =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot]));

const balanceSlot = (holder: Address): Hex => mappingSlot(holder, ERC20_SLOTS.balanceOf);

const allowanceSlot = (owner: Address, spender: Address): Hex =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [spender, mappingSlot(owner, ERC20_SLOTS.allowance)]));

const setStorage = (token: Address, slot: Hex, value: bigint): RpcCall => ({
  method: 'anvil_setStorageAt',
  params: [token, slot, word(value)],
});

async function check(client: ChainClient, token: Address, what: string, actual: Promise<bigint>, expected: bigint): Promise<void> {
  const got = await actual;
  if (got !== expected) {
    throw new AppError({
      code: 'SIM_STORAGE_LAYOUT',
      message: `The token at ${token} on chain ${client.chainId} reads ${what} = ${got} after writing ${expected} into its storage: its storage layout is not the one the fast seeding knows.`,
      action: 'Update ERC20_SLOTS from the contract\u2019s storage layout (solc --storage-layout).',
    });
  }
}

const readToken = (client: ChainClient, token: Address, functionName: 'totalSupply' | 'balanceOf', holder?: Address) =>
  client.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName,
    ...(holder ? { args: [holder] } : {}),
  } as never) as Promise<bigint>;

/**
 * Sets holders' balances of a token and moves its total supply by `supplyChange`, as `mint` (or a
 * transfer, with no change) would, without a transaction per holder.
 */
export async function writeBalances(
  client: ChainClient,
  token: Address,
  balances: readonly { holder: Address; amount: bigint }[],
  supplyChange: bigint,
): Promise<void> {
  if (balances.length === 0) return;
  const supply = await readToken(client, token, 'totalSupply');
  const total = supply + supplyChange;
  await rpcBatch(client.rpcUrl, [
    ...balances.map((b) => setStorage(token, balanceSlot(b.holder), b.amount)),
    setStorage(token, word(ERC20_SLOTS.totalSupply), total),
  ]);
  await check(client, token, 'totalSupply()', readToken(client, token, 'totalSupply'), total);
  for (const b of [balances[0]!, balances.at(-1)!])
    await check(client, token, `balanceOf(${b.holder})`, readToken(client, token, 'balanceOf', b.holder), b.amount);
}

/** Mints `amount` to each of `holders` (fresh wallets) by writing state. */
export async function mintByState(client: ChainClient, token: Address, holders: readonly Address[], amount: bigint): Promise<void> {
  await writeBalances(
    client,
    token,
    holders.map((holder) => ({ holder, amount })),
    amount * BigInt(holders.length),
  );
}

export const balanceOf = (client: ChainClient, token: Address, holder: Address): Promise<bigint> =>
  readToken(client, token, 'balanceOf', holder);

/** Sets `allowance[owner][spender]` for many owners, as `approve` would (without its event). */
export async function writeAllowances(
  client: ChainClient,
  token: Address,
  grants: readonly { owner: Address; spender: Address; amount: bigint }[],
): Promise<void> {
  if (grants.length === 0) return;
  await rpcBatch(
    client.rpcUrl,
    grants.map((g) => setStorage(token, allowanceSlot(g.owner, g.spender), g.amount)),
  );
  const first = grants[0]!;
  await check(
    client,
    token,
    `allowance(${first.owner}, ${first.spender})`,
    client.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [first.owner, first.spender] }),
    first.amount,
  );
}
