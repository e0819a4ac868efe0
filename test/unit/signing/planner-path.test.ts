import { describe, expect, it } from 'vitest';
import { planSelection } from '../../../electron/services/signing/planner';
import { signOnDevice } from '../../../electron/services/signing/device-delivery';
import { PLANNER_PATH } from '../../../shared/device/paths';
import { newBatchItem } from '../../../shared/signing/item';

// The planner's key signs bundles and nothing else: a wallet at its path is refused by planning
// (console and headless go through it) before anything is read, and an item that names it anyway
// (a journal from elsewhere) fails without reaching the device.

const WALLET = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const untouched = (what: string) => async (): Promise<never> => {
  throw new Error(`${what} was used`);
};

describe("a wallet at the planner's path", () => {
  it('is refused when planned, before the portfolio, the chain or the service is read', async () => {
    const deps = { loadPortfolio: untouched('the portfolio'), chain: untouched('the chain'), service: untouched('the service'), verifyVault: untouched('the registry') };
    const selection = { vaultId: 'v1', action: 'agreements' as const, wallets: [{ address: WALLET, label: 'Desk', path: `m/${PLANNER_PATH}` }] };
    await expect(planSelection(deps, selection)).rejects.toMatchObject({
      code: 'WALLET_PLANNER_PATH',
      message: `Desk ${WALLET}: ${PLANNER_PATH} is the planner's account: it signs unsigned bundles and nothing else, so it cannot be a wallet of a batch.`,
    });
  });

  it('never reaches the device from a batch item', async () => {
    const item = newBatchItem(
      { id: '001-cba983', wallet: WALLET, label: 'Desk', path: PLANNER_PATH, chainId: 1, vaultId: 'v1', vaultName: 'Alpha', action: 'agreements' },
      { step: 'agreement', message: { signatureId: 's1', text: 'I accept.' } },
    );
    const outcome = await signOnDevice({ signTransaction: untouched('the device'), signPersonalMessage: untouched('the device') }, item);
    expect(outcome.pause).toBeNull();
    expect(outcome.transition).toMatchObject({ state: 'failed' });
    expect(JSON.stringify(outcome.transition)).toContain('WALLET_PLANNER_PATH');
  });

  it('an agreement resembling a Vaultdesk message never reaches the device from a batch item either', async () => {
    const item = newBatchItem(
      { id: '002-cba983', wallet: WALLET, label: 'Lender', path: "44'/60'/0'/0/10", chainId: 1, vaultId: 'v1', vaultName: 'Alpha', action: 'agreements' },
      { step: 'agreement', message: { signatureId: 's1', text: `Vaultdesk unsigned bundle sha256:${'0'.repeat(64)}` } },
    );
    const outcome = await signOnDevice({ signTransaction: untouched('the device'), signPersonalMessage: untouched('the device') }, item);
    expect(outcome.transition).toMatchObject({ state: 'failed' });
    expect(JSON.stringify(outcome.transition)).toContain('SIGNING_AGREEMENT_REFUSED');
  });
});
