import { describe, expect, it } from 'vitest';
import { useCampaignsStore } from '../../../renderer/src/campaigns/campaigns-store';
import { useNavigationStore } from '../../../renderer/src/navigation/navigation-store';
import { useOperatorsStore } from '../../../renderer/src/operators/operators-store';
import { usePerformanceStore } from '../../../renderer/src/performance/performance-store';
import { useVaultInsightsStore } from '../../../renderer/src/vaults/vault-insights-store';
import { useVaultsStore } from '../../../renderer/src/vaults/vaults-store';
import { deferred, freshStores, heldAnswers, installFakeBridge, refusal } from './fake-bridge';

freshStores(useCampaignsStore, useOperatorsStore, usePerformanceStore, useVaultInsightsStore, useVaultsStore, useNavigationStore);

describe('catalog and insight lists', () => {
  it('load, say when they are loading, and keep what they had when a refresh fails', async () => {
    let fail = false;
    const answer =
      <T>(value: T) =>
      () => {
        if (fail) throw refusal('SERVICE_DOWN');
        return value;
      };
    const bridge = installFakeBridge({
      'campaigns.list': answer({ campaigns: ['c'] }),
      'operators.list': answer({ operators: ['o'] }),
      'performance.overview': answer({ rows: ['r'] }),
      'vaults.list': answer({ vaults: ['v'] }),
    });
    const loads = [
      useCampaignsStore.getState().loadList(),
      useOperatorsStore.getState().loadList(true),
      usePerformanceStore.getState().load(),
      useVaultsStore.getState().load(),
    ];
    expect([
      useCampaignsStore.getState().listLoading,
      useOperatorsStore.getState().listLoading,
      usePerformanceStore.getState().loading,
      useVaultsStore.getState().loading,
    ]).toEqual([true, true, true, true]);
    await Promise.all(loads);
    expect(bridge.calls.find((c) => c.method === 'operators.list')!.input).toEqual({ force: true });

    fail = true;
    await Promise.all([
      useCampaignsStore.getState().loadList(true),
      useOperatorsStore.getState().loadList(true),
      usePerformanceStore.getState().load(true),
      useVaultsStore.getState().load(),
    ]);
    expect(useCampaignsStore.getState()).toMatchObject({
      list: { campaigns: ['c'] },
      listLoading: false,
      listError: { code: 'SERVICE_DOWN' },
    });
    expect(useOperatorsStore.getState()).toMatchObject({
      list: { operators: ['o'] },
      listLoading: false,
      listError: { code: 'SERVICE_DOWN' },
    });
    expect(usePerformanceStore.getState()).toMatchObject({ overview: { rows: ['r'] }, loading: false, error: { code: 'SERVICE_DOWN' } });
    expect(useVaultsStore.getState()).toMatchObject({ list: { vaults: ['v'] }, loading: false, error: { code: 'SERVICE_DOWN' } });
  });
});

describe('campaigns store', () => {
  it('opens a campaign page and never shows the detail of a campaign left mid-load', async () => {
    const answers = heldAnswers<unknown>('c1', 'c2');
    installFakeBridge({ 'campaigns.get': ({ campaignId }) => answers.get(campaignId)!.promise });
    useCampaignsStore.getState().open('c1');
    expect(useNavigationStore.getState().screen).toBe('campaign');
    const first = useCampaignsStore.getState().loadDetail();
    useCampaignsStore.getState().open('c2');
    const second = useCampaignsStore.getState().loadDetail();
    answers.get('c1')!.resolve({ id: 'c1' });
    await first;
    expect(useCampaignsStore.getState().detail).toBeNull();
    answers.get('c2')!.resolve({ id: 'c2' });
    await second;
    expect(useCampaignsStore.getState()).toMatchObject({ campaignId: 'c2', detail: { id: 'c2' } });
  });

  it('never shows a batch’s points under another batch switched to mid-load', async () => {
    const answers = heldAnswers<unknown>('g1', 'g2');
    installFakeBridge({ 'campaigns.points': ({ groupId }) => answers.get(groupId)!.promise });
    useCampaignsStore.setState({ campaignId: 'c1' });
    const first = useCampaignsStore.getState().loadPoints('g1');
    const second = useCampaignsStore.getState().loadPoints('g2');
    expect(useCampaignsStore.getState().pointsLoading).toBe(true);
    answers.get('g2')!.resolve({ groupId: 'g2', rows: [] });
    await second;
    answers.get('g1')!.resolve({ groupId: 'g1', rows: [] });
    await first;
    expect(useCampaignsStore.getState().points).toEqual({ groupId: 'g2', rows: [] });
  });

  it('shows a failed export as a notice', async () => {
    installFakeBridge({ 'campaigns.exportPoints': () => Promise.reject(refusal('EXPORT_FAILED')) });
    useCampaignsStore.setState({ campaignId: 'c1' });
    await useCampaignsStore.getState().exportPoints(null);
    expect(useCampaignsStore.getState().exporting).toBe(false);
    expect(useNavigationStore.getState().notice).toMatchObject({ code: 'EXPORT_FAILED' });
  });
});

describe('operators store', () => {
  it('opens an operator page and keeps the failure of its detail only while it is shown', async () => {
    const answers = heldAnswers<unknown>('o1', 'o2');
    installFakeBridge({ 'operators.get': ({ operatorId }) => answers.get(operatorId)!.promise });
    useOperatorsStore.getState().open('o1');
    expect(useNavigationStore.getState().screen).toBe('operator');
    const first = useOperatorsStore.getState().loadDetail();
    expect(useOperatorsStore.getState().detailLoading).toBe(true);
    useOperatorsStore.getState().open('o2');
    const second = useOperatorsStore.getState().loadDetail(true);
    answers.get('o1')!.reject(refusal('NOT_FOUND'));
    answers.get('o2')!.resolve({ id: 'o2' });
    await Promise.all([first, second]);
    expect(useOperatorsStore.getState()).toMatchObject({ operatorId: 'o2', detail: { id: 'o2' }, detailError: null });
  });
});

describe('vault insights store', () => {
  it('shows the profile and the performance each on its own, and only of the vault on screen', async () => {
    const profile = deferred<unknown>();
    installFakeBridge({
      'vaults.profile': ({ vaultId }) => (vaultId === 'v1' ? profile.promise : { vault: { id: vaultId } }),
      'performance.vault': ({ vaultId }) => {
        if (vaultId === 'v2') throw refusal('NO_RECORDS');
        return { vaultId };
      },
    });
    const first = useVaultInsightsStore.getState().load('v1');
    expect(useVaultInsightsStore.getState().loading).toBe(true);
    await useVaultInsightsStore.getState().load('v2', true);
    profile.resolve({ vault: { id: 'v1' } });
    await first;
    expect(useVaultInsightsStore.getState()).toMatchObject({
      vaultId: 'v2',
      profile: { vault: { id: 'v2' } },
      profileError: null,
      performance: null,
      performanceError: { code: 'NO_RECORDS' },
      loading: false,
    });
  });

  it('keeps the vault filters', () => {
    useVaultsStore.getState().setFilter({ category: 'credit' });
    useVaultsStore.getState().setFilter({ type: 'epoch' });
    expect(useVaultsStore.getState()).toMatchObject({ category: 'credit', type: 'epoch' });
  });
});
