import type { Portfolio, PortfolioVault, PositionRow, RequestRow } from '../../shared/portfolio/schemas';
import { mulberry32 } from '../../electron/demo/service/prng';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const address = (kind: number, n: number) => `0x${hex(kind, 8)}${hex(n, 32)}`;

const TOKENS = [
  { symbol: 'USDC', decimals: 6 },
  { symbol: 'USDT', decimals: 6 },
  { symbol: 'DAI', decimals: 18 },
];

/**
 * A portfolio the size an operator with a large book would load: `wallets` × `vaults` positions and
 * `requests` requests of every type and status, spread over the wallets and vaults.
 */
export function syntheticPortfolio(options: {
  requests: number;
  wallets?: number;
  vaults?: number;
  seed?: number;
  /** Share of the positions that hold something (default all); the others are empty and allowed, as most pairs of a large desk are. */
  heldShare?: number;
}): Portfolio {
  // Seeded, so every run renders the same table.
  const random = mulberry32(options.seed ?? 7);
  const walletCount = options.wallets ?? 1000;
  const vaultCount = options.vaults ?? 10;
  const now = Math.floor(Date.now() / 1000);
  const DAY = 86_400;

  const wallets = Array.from({ length: walletCount }, (_, i) => ({
    address: address(0xaa, i + 1),
    label: `W${String(i).padStart(4, '0')}`,
  }));
  const vaults: PortfolioVault[] = Array.from({ length: vaultCount }, (_, i) => {
    const token = TOKENS[i % TOKENS.length]!;
    const running = i % 3 !== 1;
    const epochEnd = now + (running ? (5 + i) * DAY : -DAY);
    return {
      id: `vault-${hex(i + 1, 4)}`,
      name: `${['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta', 'Iota', 'Kappa'][i % 10]} Credit ${token.symbol}`,
      chain: { recordId: `chain-${i % 2}`, chainId: 31337 + (i % 2), name: i % 2 ? 'Local B' : 'Local A', explorerUrl: null },
      underlying: { ...token, address: address(0xbb, i % 3) },
      tranche: { symbol: `AA_v${i}`, decimals: 18, address: address(0xcc, i) },
      epochVault: address(0xdd, i),
      queue: address(0xee, i),
      withdrawQueue: address(0xee, i),
      strategy: address(0xff, i),
      abiCodes: { epochVault: 'CDO_EPOCH_MAIN_V4', queue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1', withdrawQueue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1', strategy: 'CDO_EPOCH_STRATEGY_MAIN_V2' },
      generations: null,
      kyc: { required: i % 2 === 0, link: i % 2 === 0 ? 'https://kyc.example.com/start' : null },
      lenderSignatureIds: [],
      status: 'READY',
      cycle: {
        state: running ? 'RUNNING' : 'WAITING',
        paused: false,
        epochNumber: 3 + i,
        requestEpoch: 4 + i,
        epochStart: running ? epochEnd - 30 * DAY : null,
        epochEnd,
        epochDuration: 30 * DAY,
        bufferPeriod: DAY,
        nextEvent: {
          kind: running ? 'epochEnd' : 'epochStart',
          at: running ? epochEnd : now + DAY,
          label: running ? 'Epoch ends' : 'Next epoch starts',
        },
        asOf: now,
      },
      cycleSource: 'chain',
      apr: { current: 8 + (i % 5), last: 7 + (i % 4) },
      price: (10n ** BigInt(token.decimals) + BigInt(i) * 1000n).toString(),
      tvl: { token: (10n ** BigInt(token.decimals + 7)).toString(), usd: null },
      usdPrice: null,
      queues: { depositCurrent: '1000000000', depositLast: '0', withdrawCurrent: '0', withdrawLast: '0' },
      instant: { disabled: false, allowed: running, delaySeconds: 3 * DAY, deadline: running ? now + 3 * DAY : null, aprDelta: 1.5 },
      origins: { apr: 'chain', lastApr: 'chain', price: 'chain', tvl: 'chain', tvlUsd: null, queues: 'chain', instant: 'chain' },
    };
  });

  const positions: PositionRow[] = [];
  for (const v of vaults) {
    for (const w of wallets) {
      const held = options.heldShare === undefined || random() < options.heldShare;
      const balance = held ? BigInt(Math.floor(random() * 1e6)) * 10n ** BigInt(v.underlying.decimals) : 0n;
      positions.push({
        wallet: w.address,
        vaultId: v.id,
        allowed: held ? random() > 0.2 : true,
        trancheBalance: balance.toString(),
        value: balance.toString(),
        underlyingBalance: balance.toString(),
        maxWithdrawable: balance.toString(),
        pendingDeposit: '0',
        pendingWithdraw: '0',
        pendingRedeem: '0',
        pendingInstantRedeem: '0',
        allowance: { underlyingToVault: '0', underlyingToQueue: '0', trancheToQueue: '0' },
        claimable: [],
        stale: false,
      });
    }
  }

  type Action = NonNullable<RequestRow['action']>;
  const cancel = (functionName: string): Action => ({ kind: 'cancel', functionName, contract: 'queue' });
  const claim = (functionName: string, contract: Action['contract']): Action => ({ kind: 'claim', functionName, contract });
  const KINDS: Array<{ type: RequestRow['type']; status: string; instant: boolean; action: RequestRow['action']; reason: string | null }> =
    [
      { type: 'DEPOSIT', status: 'PENDING', instant: false, action: cancel('deleteRequest'), reason: null },
      { type: 'DEPOSIT', status: 'CLAIMABLE', instant: false, action: claim('claimDepositRequest', 'queue'), reason: null },
      { type: 'WITHDRAW', status: 'PENDING', instant: false, action: cancel('deleteWithdrawRequest'), reason: null },
      {
        type: 'WITHDRAW',
        status: 'PROCESSED',
        instant: false,
        action: null,
        reason: 'Claimable once the queue has collected the withdrawals of this epoch.',
      },
      { type: 'WITHDRAW', status: 'CLAIMABLE', instant: false, action: claim('claimWithdrawRequest', 'queue'), reason: null },
      { type: 'REDEEM', status: 'PENDING', instant: false, action: null, reason: 'Claimable after the epoch ends.' },
      { type: 'REDEEM', status: 'CLAIMABLE', instant: false, action: claim('claimWithdrawRequest', 'epochVault'), reason: null },
      {
        type: 'REDEEM',
        status: 'INSTANT_CLAIMABLE',
        instant: true,
        action: claim('claimInstantWithdrawRequest', 'epochVault'),
        reason: null,
      },
    ];
  const requests: RequestRow[] = [];
  for (let n = 0; n < options.requests; n++) {
    const w = wallets[n % walletCount]!;
    const v = vaults[Math.floor(n / walletCount) % vaultCount]!;
    const kind = KINDS[Math.floor(random() * KINDS.length)]!;
    // Distinct ids: a wallet has at most one request per type and epoch in a vault.
    const epoch = v.cycle!.requestEpoch - Math.floor(n / (walletCount * vaultCount));
    const amount = BigInt(1 + Math.floor(random() * 50_000)) * 10n ** BigInt(kind.type === 'WITHDRAW' ? 18 : v.underlying.decimals);
    requests.push({
      id: `${v.id}:${w.address}:${kind.type}:${epoch}:${n}`,
      wallet: w.address,
      vaultId: v.id,
      type: kind.type,
      status: kind.status,
      isInstant: kind.instant,
      epochNumber: kind.type === 'REDEEM' ? null : epoch,
      phase: kind.action ? 'claimable' : 'pending',
      amount: amount.toString(),
      amountToken: kind.type === 'WITHDRAW' ? 'tranche' : 'underlying',
      amountFrom: 'service',
      receive: null,
      requestedAt: now - Math.floor(random() * 60 * DAY),
      expectedAt: kind.status === 'PENDING' ? now + Math.floor(random() * 30 * DAY) : null,
      action: kind.action,
      reason: kind.reason,
      source: kind.type === 'REDEEM' ? 'chain' : 'service',
      stale: false,
    });
  }

  return {
    groupId: null,
    generatedAtMs: Date.now(),
    wallets,
    vaults,
    positions,
    requests,
    sources: [
      { id: 'chain:31337', label: 'Local A', ok: true, fetchedAtMs: Date.now(), stale: false, error: null },
      { id: 'chain:31338', label: 'Local B', ok: true, fetchedAtMs: Date.now(), stale: false, error: null },
      { id: 'service', label: 'Credit vault service', ok: true, fetchedAtMs: Date.now(), stale: false, error: null },
    ],
    cost: { http: 1, rpc: 4, ms: 0 },
  };
}
