/**
 * PROVIDE ERC 20 TOKEN INFORMATION (E0 0A) on the emulated app, against the Ethereum app's source
 * (`cmd_provideTokenInfo.c`, the ERC-20 handling in `erc20_plugin.c`, `logic_signTx.c`): a
 * descriptor signed by Ledger (or the emulator's test key) is kept and answered with its slot; a bad
 * signature, an unknown chain or a too long ticker is refused with 0x6A80; the approval that follows
 * is shown in clear, without blind signing.
 */
import { serializeTransaction, recoverTransactionAddress, type TransactionSerializable } from 'viem';
import { describe, expect, it } from 'vitest';
import { findTokenDescriptor } from '../../../electron/services/device/token-descriptors';
import { createEmulatedLedger, type EmulatedLedger } from '../../../electron/demo/ledger';
import { signWithEmulatorKey } from '../../../electron/demo/ledger/token-info';
import { Eth, OFFLINE_LOAD_CONFIG } from './ledger-libs';

const PATH = "44'/60'/0'/0'/0";
const FROM = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SPENDER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const MAX = (1n << 256n) - 1n;
const approve = (amount: bigint, over: Partial<TransactionSerializable> = {}): TransactionSerializable =>
  ({
    type: 'eip1559',
    chainId: 1,
    nonce: 3,
    to: USDC,
    value: 0n,
    data: `0x095ea7b3${SPENDER.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`,
    gas: 60_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    ...over,
  }) as TransactionSerializable;

const usdc = () => Buffer.from(findTokenDescriptor(1, USDC)!.payload);
const eth = (ledger: EmulatedLedger) => new Eth(ledger.transport as never, 'w0w', OFFLINE_LOAD_CONFIG);
const provide = (ledger: EmulatedLedger, payload: Uint8Array) => ledger.transport.send(0xe0, 0x0a, 0x00, 0x00, Buffer.from(payload));
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { statusCode?: number; name?: string },
  );
/** What hw-app-eth sends with a resolution holding the token information: E0 0A, then the transaction. */
const signWithToken = (ledger: EmulatedLedger, tx: TransactionSerializable, token: Uint8Array | null) =>
  eth(ledger).signTransaction(PATH, serializeTransaction(tx).slice(2), {
    erc20Tokens: token ? [Buffer.from(token).toString('hex')] : [],
    nfts: [],
    externalPlugin: [],
    plugin: [],
    domains: [],
  });

describe('PROVIDE ERC 20 TOKEN INFORMATION', () => {
  it('accepts a descriptor signed by Ledger and answers the slot it was kept in', async () => {
    const ledger = createEmulatedLedger();
    expect((await provide(ledger, usdc())).toString('hex')).toBe('009000');
    expect((await provide(ledger, usdc())).toString('hex')).toBe('019000');
  });

  it('refuses a descriptor whose signature does not verify with 0x6A80, as the app does', async () => {
    const ledger = createEmulatedLedger();
    const forged = usdc();
    forged[forged.length - 5]! ^= 0x01;
    expect(await caught(provide(ledger, forged))).toMatchObject({ statusCode: 0x6a80 });
    // A descriptor changed after signing (six decimals made eighteen) fails the same way.
    const altered = usdc();
    altered[1 + 4 + 20 + 3] = 18;
    expect(await caught(provide(ledger, altered))).toMatchObject({ statusCode: 0x6a80 });
  });

  it("checks the chain id inside Ledger's signed descriptor: Arbitrum's USDT from Ledger's list is accepted, the same bytes moved to mainnet are not", async () => {
    const ledger = createEmulatedLedger();
    const usdt = Buffer.from(findTokenDescriptor(42161, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9')!.payload);
    expect((await provide(ledger, usdt)).toString('hex')).toBe('009000');
    const moved = Buffer.from(usdt);
    moved.writeUInt32BE(1, 1 + moved[0]! + 20 + 4);
    expect(await caught(provide(ledger, moved))).toMatchObject({ statusCode: 0x6a80 });
  });

  it("accepts the emulator's test key, refuses a chain the app does not know and a ticker longer than it holds", async () => {
    const ledger = createEmulatedLedger();
    const test = { ticker: 'tUSD', address: SPENDER, decimals: 6, chainId: 11155111 } as const;
    expect((await provide(ledger, signWithEmulatorKey(test))).toString('hex')).toBe('009000');
    expect(await caught(provide(ledger, signWithEmulatorKey({ ...test, chainId: 31337 })))).toMatchObject({ statusCode: 0x6a80 });
    expect(await caught(provide(ledger, signWithEmulatorKey({ ...test, ticker: 'TWELVECHARSX' })))).toMatchObject({ statusCode: 0x6a80 });
    expect(await caught(provide(ledger, Buffer.from([0x04, 0x55, 0x53])))).toMatchObject({ statusCode: 0x6a80 });
  });
});

describe('an ERC-20 approval after its token information', () => {
  it('is shown in clear (ticker, amount, spender, From) and signed with blind signing off', async () => {
    const ledger = createEmulatedLedger({ blindSigning: false });
    const tx = approve(250_500_000n);
    const signing = signWithToken(ledger, tx, usdc());
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    // App 1.22.0 on a Nano X: src/plugins/erc20/erc20_plugin.c ("Approve" from 1.20), src/nbgl/ui_approve_tx.c.
    expect(screens).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'From', value: FROM },
      { title: 'Approve', value: '250.5 USDC' },
      { title: 'Approve to', value: SPENDER },
      { title: 'Max fees', value: '0.00012 ETH' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
    ledger.approve();
    const sig = await signing;
    const serialized = serializeTransaction(tx, { r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number(`0x${sig.v}`) });
    expect(await recoverTransactionAddress({ serializedTransaction: serialized })).toBe(FROM);
  });

  it('says "Unlimited" for the largest amount, and "Address" for the spender before 1.14.0', async () => {
    const ledger = createEmulatedLedger({ appVersion: '1.13.0' });
    const signing = signWithToken(ledger, approve(MAX), usdc());
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens).toContainEqual({ title: 'Amount', value: 'Unlimited USDC' });
    expect(screens).toContainEqual({ title: 'Address', value: SPENDER });
    ledger.reject();
    expect(await caught(signing)).toMatchObject({ statusCode: 0x6985 });
  });

  it('without token information falls back to the blind review: refused with blind signing off, the hash shown with it on', async () => {
    const ledger = createEmulatedLedger({ blindSigning: false });
    // 0x6A80, which hw-app-eth names EthAppPleaseEnableContractData.
    expect(await caught(signWithToken(ledger, approve(1n), null))).toMatchObject({ name: 'EthAppPleaseEnableContractData' });
    // The app's page for it (src/nbgl/ui_blind_signing.c, SCREEN_SIZE_NANO), until the next review.
    expect(ledger.screens).toEqual([{ title: 'Blind signing must be enabled in settings' }]);
    ledger.setBlindSigning(true);
    const signing = signWithToken(ledger, approve(1n), null);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens[0]).toEqual({ title: 'Blind signing ahead' });
    expect(screens.map((s) => s.title)).toContain('Tx hash');
    ledger.approve();
    await signing;
  });

  it('serves one transaction only, and is refused with ETH attached', async () => {
    const ledger = createEmulatedLedger({ blindSigning: true });
    const first = signWithToken(ledger, approve(1n), usdc());
    expect((await ledger.waitForConfirmation('sign-transaction')).screens[0]!.title).toBe('Review transaction to approve ERC20 token');
    ledger.approve();
    await first;
    // The next transaction gets no token information: blind again.
    const second = signWithToken(ledger, approve(1n, { nonce: 4 }), null);
    expect((await ledger.waitForConfirmation('sign-transaction')).screens[0]).toEqual({ title: 'Blind signing ahead' });
    ledger.approve();
    await second;
    expect(await caught(signWithToken(ledger, approve(1n, { value: 1n }), usdc()))).toMatchObject({
      name: 'EthAppPleaseEnableContractData',
    });
  });
});
