import { describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { usePortfolioStore } from '../../../renderer/src/batch/portfolio-store';
import { deferred, freshStores, heldAnswers, installFakeBridge, refusal } from './fake-bridge';

freshStores(usePortfolioStore);

/** A portfolio as the stores see it: only what tells one answer from another matters here. */
const portfolioOf = (groupId: string | null, generatedAtMs = 1): Portfolio => ({ groupId, generatedAtMs }) as unknown as Portfolio;

describe('portfolio store', () => {
  it('loads the batch shown and says when it is loading', async () => {
    const answer = deferred<Portfolio>();
    const bridge = installFakeBridge({ 'portfolio.load': () => answer.promise });
    const done = usePortfolioStore.getState().refresh();
    expect(usePortfolioStore.getState().loading).toBe(true);
    answer.resolve(portfolioOf(null));
    await done;
    expect(usePortfolioStore.getState()).toMatchObject({ data: portfolioOf(null), loading: false, error: null });
    expect(bridge.calls).toEqual([{ method: 'portfolio.load', input: { groupId: null } }]);
  });

  it('joins a refresh of the same batch that is under way instead of asking twice', async () => {
    const answer = deferred<Portfolio>();
    const bridge = installFakeBridge({ 'portfolio.load': () => answer.promise });
    const first = usePortfolioStore.getState().refresh();
    const tick = usePortfolioStore.getState().refresh();
    answer.resolve(portfolioOf(null));
    await Promise.all([first, tick]);
    expect(bridge.calls).toHaveLength(1);
  });

  it('loads the batch switched to while the previous batch was loading, and never shows the previous one', async () => {
    const answers = heldAnswers<Portfolio>(null, 'g2');
    const bridge = installFakeBridge({ 'portfolio.load': ({ groupId }) => answers.get(groupId)!.promise });
    const first = usePortfolioStore.getState().refresh();
    usePortfolioStore.getState().setGroup('g2');
    expect(usePortfolioStore.getState().data).toBeNull();

    answers.get(null)!.resolve(portfolioOf(null));
    await first;
    // The previous batch's answer is not shown under the new batch's name, and the new batch is still loading.
    expect(usePortfolioStore.getState()).toMatchObject({ groupId: 'g2', data: null, loading: true });

    answers.get('g2')!.resolve(portfolioOf('g2'));
    await usePortfolioStore.getState().refresh();
    expect(bridge.calls.map((c) => c.input)).toEqual([{ groupId: null }, { groupId: 'g2' }]);
    expect(usePortfolioStore.getState()).toMatchObject({ groupId: 'g2', data: portfolioOf('g2'), loading: false });
  });

  it('keeps the figures it had when a refresh fails, with the failure', async () => {
    let fail = false;
    installFakeBridge({
      'portfolio.load': () => {
        if (fail) throw refusal('SERVICE_DOWN');
        return portfolioOf(null, 7);
      },
    });
    await usePortfolioStore.getState().refresh();
    fail = true;
    await usePortfolioStore.getState().refresh({ force: true });
    expect(usePortfolioStore.getState()).toMatchObject({ data: portfolioOf(null, 7), loading: false, error: { code: 'SERVICE_DOWN' } });
  });

  it('tells the main side when the operator asked for the refresh, so that the records pushed after it are asked again', async () => {
    const bridge = installFakeBridge({ 'portfolio.load': () => portfolioOf(null) });
    await usePortfolioStore.getState().refresh();
    await usePortfolioStore.getState().refresh({ force: true });
    expect(bridge.calls.map((c) => c.input)).toEqual([{ groupId: null }, { groupId: null, force: true }]);
  });
});

describe('portfolio store after a change of the wallet book', () => {
  it('reads the batch again, even while a refresh of the old book is under way, and says the wallets shown are outdated until then', async () => {
    const answers = [deferred<Portfolio>(), deferred<Portfolio>()];
    const bridge = installFakeBridge({ 'portfolio.load': () => answers[bridge.calls.length - 1]!.promise });
    usePortfolioStore.setState({ data: portfolioOf(null, 1) });
    const tick = usePortfolioStore.getState().refresh();
    const changed = usePortfolioStore.getState().bookChanged();
    expect(usePortfolioStore.getState().outdated).toBe(true);

    answers[0]!.resolve(portfolioOf(null, 2));
    await tick;
    // The answer read the old book: still outdated, and the reload of the new book follows.
    expect(usePortfolioStore.getState()).toMatchObject({ data: portfolioOf(null, 2), outdated: true });
    await expect.poll(() => bridge.calls.length).toBe(2);
    answers[1]!.resolve(portfolioOf(null, 3));
    await changed;
    expect(usePortfolioStore.getState()).toMatchObject({ data: portfolioOf(null, 3), outdated: false, loading: false });
  });
});
