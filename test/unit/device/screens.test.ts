/**
 * The review screens per Ethereum app version and device model, each expectation written from the
 * app's source at the tag named beside it (LedgerHQ/app-ethereum): BAGL Nano flows in
 * `src_bagl/ui_flow_signTx.c` (until 1.17), NBGL in `src_nbgl/ui_approve_tx.c` (1.14-1.19.3) and
 * `src/nbgl/ui_approve_tx.c` (1.20, 1.22), endings in `ui_tx_simulation.c`, amounts and fees in
 * `logic_signTx.c` / `logic_sign_tx.c` and the change log, approvals in `erc20_plugin.c`, networks in
 * `src/network.c`.
 */
import { describe, expect, it } from 'vitest';
import {
  approvalReviewScreens,
  blindSigningOffScreens,
  formatWei,
  networkName,
  networkTicker,
  transactionReviewScreens,
  withSender,
} from '../../../shared/device/screens';
import { APP_NETWORKS } from '../../../shared/device/networks';

const FROM = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const TO = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HASH = '0x' + 'ab'.repeat(32);
/** A vault call on an unknown chain: no value, calldata, reviewed blind. */
const CALL = { chainId: 31337, to: TO, value: '0', dataPresent: true, maxFee: '120000000000000', signingHash: HASH, from: FROM, nonce: 7 };
/** A plain transfer on mainnet. */
const SEND = { chainId: 1, to: TO, value: '10000000000000000', dataPresent: false, maxFee: '120000000000000', signingHash: HASH, from: FROM, nonce: 7 };
const APPROVAL = {
  chainId: 137,
  token: { ticker: 'USDC', decimals: 6 },
  spender: TO,
  amount: '250500000',
  maxFee: '21000000000000',
  from: FROM,
};

describe('a blind-signed call, per app version and model', () => {
  it('1.14 on a Nano (BAGL, 1.14.0 src_bagl/ui_flow_signTx.c): "Blind"/"signing", the hash first, "Max Fees", "Accept risk and send"', () => {
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.14.0', model: 'nanoX' })).toEqual([
      { title: 'Blind signing' },
      { title: 'Review transaction' },
      { title: 'Transaction hash', value: HASH },
      { title: 'From', value: FROM },
      { title: 'To', value: TO },
      { title: 'Network', value: '31337' },
      { title: 'Max Fees', value: '??? 0.00012' },
      { title: 'Accept risk and send' },
      { title: 'Reject' },
    ]);
    // TARGET_NANOS: "TX hash".
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.14.0', model: 'nanoS' })[2]).toEqual({ title: 'TX hash', value: HASH });
  });

  it('1.14 on a Stax (1.14.0 src_nbgl/ui_approve_tx.c, ui_signing.h BLIND_SIGN): the hash first, "Accept risk and sign transaction?"', () => {
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.14.0', model: 'stax' })).toEqual([
      { title: 'Blind signing ahead' },
      { title: 'Review transaction' },
      { title: 'Transaction hash', value: HASH },
      { title: 'From', value: FROM },
      { title: 'To', value: TO },
      { title: 'Max fees', value: '??? 0.00012' },
      { title: 'Network', value: '31337' },
      { title: 'Accept risk and sign transaction?' },
      { title: 'Reject transaction' },
    ]);
  });

  it('1.16 (1.16.0): the same reviews; the Stax ending now from ui_tx_simulation_finish_str, the Nano still BAGL', () => {
    const stax = transactionReviewScreens({ ...CALL, appVersion: '1.16.0', model: 'stax' }).map((s) => s.title);
    expect(stax.slice(1, 3)).toEqual(['Review transaction', 'Transaction hash']);
    expect(stax.at(-2)).toBe('Accept risk and sign transaction?');
    const nano = transactionReviewScreens({ ...CALL, appVersion: '1.16.0', model: 'nanoSP' }).map((s) => s.title);
    expect(nano.slice(1, 3)).toEqual(['Review transaction', 'Transaction hash']);
    expect(nano.slice(-2)).toEqual(['Accept risk and send', 'Reject']);
  });

  it('1.19.3 (src_nbgl/ui_approve_tx.c, raw_fee_to_string): the hash last ("Tx hash" on a Nano), fees "0.00012 ???", no "?" on a Nano', () => {
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.19.3', model: 'nanoX' })).toEqual([
      { title: 'Blind signing ahead' },
      { title: 'Review transaction' },
      { title: 'From', value: FROM },
      { title: 'To', value: TO },
      { title: 'Max fees', value: '0.00012 ???' },
      { title: 'Network', value: '31337' },
      { title: 'Tx hash', value: HASH },
      { title: 'Accept risk and sign transaction' },
      { title: 'Reject transaction' },
    ]);
    const stax = transactionReviewScreens({ ...CALL, appVersion: '1.19.3', model: 'stax' });
    expect(stax.at(-3)).toEqual({ title: 'Transaction hash', value: HASH });
    expect(stax.at(-2)).toEqual({ title: 'Accept risk and sign transaction?' });
  });

  it('1.19.2 still wrote the fee ticker first (1.19.2 logic_signTx.c prepends it)', () => {
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.19.2' })).toContainEqual({ title: 'Max fees', value: '??? 0.00012' });
  });

  it('1.20 and 1.22 on a Stax (src/nbgl/ui_approve_tx.c): as 1.19.3, a value sent with the call reads "1 POL"', () => {
    for (const appVersion of ['1.20.0', '1.22.0']) {
      expect(transactionReviewScreens({ ...CALL, chainId: 137, value: '1000000000000000000', appVersion, model: 'stax' })).toEqual([
        { title: 'Blind signing ahead' },
        { title: 'Review transaction' },
        { title: 'From', value: FROM },
        { title: 'Amount', value: '1 POL' },
        { title: 'To', value: TO },
        { title: 'Max fees', value: '0.00012 POL' },
        { title: 'Network', value: 'Polygon' },
        { title: 'Transaction hash', value: HASH },
        { title: 'Accept risk and sign transaction?' },
        { title: 'Reject transaction' },
      ]);
    }
  });

  it('the Flex and the Apex share the Stax layout; the Nano S Plus and the Nano X share theirs', () => {
    const at = (model: 'stax' | 'flex' | 'apex' | 'nanoSP' | 'nanoX') => transactionReviewScreens({ ...CALL, model });
    expect(at('flex')).toEqual(at('stax'));
    expect(at('apex')).toEqual(at('stax'));
    expect(at('nanoSP')).toEqual(at('nanoX'));
    expect(at('nanoX')).not.toEqual(at('stax'));
  });

  it('predicts the current app (1.22.0) on a Nano X when neither is known', () => {
    expect(transactionReviewScreens(CALL)).toEqual(transactionReviewScreens({ ...CALL, appVersion: '1.22.0', model: 'nanoX' }));
  });
});

describe('a plain transfer', () => {
  it('amounts read "ETH 0.01" until 1.19.3 and "0.01 ETH" from 1.20 (1.20.0 CHANGELOG: ticker moved to the end)', () => {
    expect(transactionReviewScreens({ ...SEND, appVersion: '1.19.3', model: 'stax' })).toContainEqual({ title: 'Amount', value: 'ETH 0.01' });
    expect(transactionReviewScreens({ ...SEND, appVersion: '1.20.0', model: 'stax' })).toContainEqual({ title: 'Amount', value: '0.01 ETH' });
    expect(transactionReviewScreens({ ...SEND, appVersion: '1.22.0', model: 'stax' })).toContainEqual({ title: 'Max fees', value: '0.00012 ETH' });
  });

  it('ends "Sign transaction?" on a touchscreen, "Sign transaction" on an NBGL Nano, "Accept and send" on a BAGL Nano; no hash, no network on mainnet', () => {
    const titles = (appVersion: string, model: 'stax' | 'nanoX') => transactionReviewScreens({ ...SEND, appVersion, model }).map((s) => s.title);
    expect(titles('1.22.0', 'stax')).toEqual(['Review transaction', 'From', 'Amount', 'To', 'Max fees', 'Sign transaction?', 'Reject transaction']);
    expect(titles('1.22.0', 'nanoX')).toEqual(['Review transaction', 'From', 'Amount', 'To', 'Max fees', 'Sign transaction', 'Reject transaction']);
    expect(titles('1.16.0', 'nanoX')).toEqual(['Review transaction', 'From', 'Amount', 'To', 'Max Fees', 'Accept and send', 'Reject']);
  });

  it('the app settings: Nonce before the fees when "Nonce" is on; the hash on every review from 1.18 when "Transaction hash" is on', () => {
    const settings = { displayNonce: true, displayHash: true };
    const stax = transactionReviewScreens({ ...SEND, model: 'stax', settings });
    expect(stax.map((s) => s.title)).toEqual(['Review transaction', 'From', 'Amount', 'To', 'Nonce', 'Max fees', 'Transaction hash', 'Sign transaction?', 'Reject transaction']);
    expect(stax[4]).toEqual({ title: 'Nonce', value: '7' });
    // 1.16 had no hash setting; the BAGL Nano put the Nonce before the network and the fees.
    const old = transactionReviewScreens({ ...SEND, chainId: 56, appVersion: '1.16.0', model: 'nanoX', settings }).map((s) => s.title);
    expect(old).toEqual(['Review transaction', 'From', 'Amount', 'To', 'Nonce', 'Network', 'Max Fees', 'Accept and send', 'Reject']);
  });
});

describe('an ERC-20 approval shown in clear (erc20_plugin.c)', () => {
  it('1.22 on a Stax: titled "Approve" with "250.5 USDC" (1.20.0 erc20_plugin.c), the network, the fees, a question at the end', () => {
    expect(approvalReviewScreens({ ...APPROVAL, model: 'stax' })).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'From', value: FROM },
      { title: 'Approve', value: '250.5 USDC' },
      { title: 'Approve to', value: TO },
      { title: 'Network', value: 'Polygon' },
      { title: 'Max fees', value: '0.000021 POL' },
      { title: 'Sign transaction to approve ERC20 token?' },
      { title: 'Reject transaction' },
    ]);
  });

  it('1.19.3: titled "Amount" with "USDC 250.5", the fees "0.000021 POL"; on a Nano the ending has no suffix', () => {
    expect(approvalReviewScreens({ ...APPROVAL, appVersion: '1.19.3', model: 'nanoX' })).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'From', value: FROM },
      { title: 'Amount', value: 'USDC 250.5' },
      { title: 'Approve to', value: TO },
      { title: 'Network', value: 'Polygon' },
      { title: 'Max fees', value: '0.000021 POL' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
  });

  it('the Stax ending gains its "?" at 1.16 (1.14.0 built "Sign transaction\\nto …" without one)', () => {
    expect(approvalReviewScreens({ ...APPROVAL, appVersion: '1.14.0', model: 'stax' }).at(-2)).toEqual({ title: 'Sign transaction to approve ERC20 token' });
    expect(approvalReviewScreens({ ...APPROVAL, appVersion: '1.16.0', model: 'stax' }).at(-2)).toEqual({ title: 'Sign transaction to approve ERC20 token?' });
  });

  it('1.16 on a Nano (BAGL): the plugin step "ERC20 token"/"Approve", then From, Amount, "Approve to", Network, "Max Fees", "Accept and send"', () => {
    expect(approvalReviewScreens({ ...APPROVAL, appVersion: '1.16.0', model: 'nanoSP' })).toEqual([
      { title: 'Review transaction' },
      { title: 'ERC20 token', value: 'Approve' },
      { title: 'From', value: FROM },
      { title: 'Amount', value: 'USDC 250.5' },
      { title: 'Approve to', value: TO },
      { title: 'Network', value: 'Polygon' },
      { title: 'Max Fees', value: 'POL 0.000021' },
      { title: 'Accept and send' },
      { title: 'Reject' },
    ]);
  });

  it('"Unlimited USDC" for the largest amount in every version; "Address" for the spender before 1.14', () => {
    const max = ((1n << 256n) - 1n).toString();
    expect(approvalReviewScreens({ ...APPROVAL, amount: max })).toContainEqual({ title: 'Approve', value: 'Unlimited USDC' });
    expect(approvalReviewScreens({ ...APPROVAL, amount: max, appVersion: '1.19.3' })).toContainEqual({ title: 'Amount', value: 'Unlimited USDC' });
    expect(approvalReviewScreens({ ...APPROVAL, appVersion: '1.13.0', model: 'stax' })).toContainEqual({ title: 'Address', value: TO });
  });
});

describe('the network table (1.22.0 src/network.c)', () => {
  it('holds the app\'s own names and tickers: 56 is "BSC", 100 "Gnosis" in xDAI, 43114 "Avalanche" in AVAX', () => {
    expect(APP_NETWORKS.size).toBe(112);
    expect(networkName(56)).toBe('BSC');
    expect(networkName(100)).toBe('Gnosis');
    expect(networkTicker(100)).toBe('xDAI');
    expect(networkName(43114)).toBe('Avalanche');
    expect(networkTicker(43114)).toBe('AVAX');
    expect(networkName(31337)).toBe('31337');
    expect(networkTicker(31337)).toBe('???');
    expect(transactionReviewScreens({ ...SEND, chainId: 43114 })).toContainEqual({ title: 'Amount', value: '0.01 AVAX' });
  });
});

describe('older apps', () => {
  it('no From and "Address" before 1.11.0, ETH on an unknown chain before 1.10.4, no hash and a zero amount before 1.14.0', () => {
    const titles = (appVersion: string) => transactionReviewScreens({ ...CALL, appVersion, model: 'stax' }).map((s) => s.title);
    expect(titles('1.11.0')).toContain('From');
    expect(titles('1.10.4')).not.toContain('From');
    expect(titles('1.10.4')).toContain('Address');
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.10.3', model: 'stax' })).toContainEqual({ title: 'Max fees', value: 'ETH 0.00012' });
    expect(titles('1.13.0')).not.toContain('Transaction hash');
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.13.0', model: 'stax' })).toContainEqual({ title: 'Amount', value: '??? 0' });
  });
});

describe('helpers', () => {
  it('formats wei as the device does, without trailing zeros', () => {
    expect(formatWei('0')).toBe('0');
    expect(formatWei('10000000000000000')).toBe('0.01');
    expect(formatWei('1234500000000000000000')).toBe('1234.5');
    expect(formatWei('1')).toBe('0.000000000000000001');
  });

  it('writes "Contract" for a creation (logic_signTx.c)', () => {
    expect(transactionReviewScreens({ ...SEND, to: undefined, value: '0' })).toContainEqual({ title: 'To', value: 'Contract' });
  });

  it('the blind-signing-off page (ui_blind_signing.c, src_bagl/ui_flow.c)', () => {
    expect(blindSigningOffScreens({ model: 'stax' })[0]).toEqual({
      title: 'This transaction cannot be clear-signed',
      value: 'Enable blind signing in the settings to sign this transaction.',
    });
    expect(blindSigningOffScreens({ model: 'nanoX' })).toEqual([{ title: 'Blind signing must be enabled in settings' }]);
    expect(blindSigningOffScreens({ model: 'nanoX', appVersion: '1.16.0' })).toEqual([{ title: 'Blind signing must be enabled in Settings' }]);
  });

  it('adds the signing account to a review predicted before it was known: after the title, after a hash shown first', () => {
    for (const target of [{}, { appVersion: '1.16.0', model: 'stax' as const }, { appVersion: '1.16.0', model: 'nanoX' as const }]) {
      const { from: _from, ...unknownSender } = { ...CALL, ...target };
      const screens = withSender(transactionReviewScreens(unknownSender), FROM, target.appVersion);
      expect(screens).toEqual(transactionReviewScreens({ ...CALL, ...target }));
      expect(withSender(screens, FROM, target.appVersion)).toEqual(screens);
    }
    const { from: _from, ...unknownSender } = CALL;
    expect(withSender(transactionReviewScreens(unknownSender), FROM, '1.10.0').map((s) => s.title)).not.toContain('From');
  });
});
