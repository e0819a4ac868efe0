import type { ChainPoolOptions } from '../../electron/services/chain/pool';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { loadEpochHistory, loadVaultList } from '../../electron/services/catalog/vault-views';
import { CampaignPointsCache } from '../../electron/services/insights/campaign-points';
import { performanceOverview, vaultPerformance } from '../../electron/services/insights/performance';
import { vaultProfile } from '../../electron/services/insights/profile';
import { ReferenceDataCache } from '../../electron/services/insights/reference-data';
import { indexReference } from '../../electron/services/insights/views';
import { AgreementChecks } from '../../electron/services/portfolio/agreements';
import type { PortfolioWallet } from '../../electron/services/portfolio/portfolio';
import { createServiceGraph } from '../../electron/runtime/service-graph';
import { PositionRecordCache, positionPairs } from '../../electron/services/portfolio/position-records';
import type { ServiceClient } from '../../electron/services/service-client';
import { TransactionHistory } from '../../electron/services/transactions/history';

/**
 * Every read the console makes of the service for a batch of wallets, through the console's own
 * services so the requests are the ones it sends: a portfolio refresh (what `npm run status`
 * reads), the Vaults screen and each vault's page (epochs, profile, performance), the position
 * records, the lender agreements, the transactions, and the campaigns, operators, performance and
 * points screens. Each step is told by name; one that fails is reported and the others go on.
 */

interface ReadStep {
  name: string;
  ok: boolean;
  message?: string;
}

export async function consoleReads(
  client: ServiceClient,
  wallets: readonly PortfolioWallet[],
  groupId: string | null,
  rpcUrls: ChainPoolOptions['rpcUrls'],
  onStep: (step: ReadStep) => void,
): Promise<{ view: Portfolio; steps: ReadStep[] }> {
  const steps: ReadStep[] = [];
  const step = async <T>(name: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      const value = await read();
      steps.push({ name, ok: true });
      onStep({ name, ok: true });
      return value;
    } catch (err) {
      const failed = { name, ok: false, message: (err as Error).message };
      steps.push(failed);
      onStep(failed);
      return null;
    }
  };

  // The refresh first: the portfolio's own catalog and requests, as status reads them.
  const graph = createServiceGraph({ service: async () => client, rpcUrls });
  const view = await graph.portfolio.load(wallets, groupId);
  const service = view.sources.find((s) => s.id === 'service');
  steps.push({ name: 'portfolio refresh', ok: service?.ok ?? false, ...(service?.error ? { message: service.error.message } : {}) });
  onStep(steps.at(-1)!);

  // The vaults screen reads the catalog again, as the console's does after its cache life: the
  // record keeps that read (served from the refresh's cache it would record nothing).
  graph.catalog.invalidate();
  const { catalog } = graph;
  await step('vaults screen', () => loadVaultList(catalog, client));
  const reference = await step('campaigns, operators and performance lists', () => new ReferenceDataCache(catalog).get(client));
  const index = reference ? indexReference(reference) : null;
  if (index) {
    await step('performance overview', () => performanceOverview(client, index));
    const now = Math.floor(Date.now() / 1000);
    for (const vault of index.publicVaults) {
      const name = vault.name ?? vault._id;
      await step(`vault page ${name}: epochs`, () => loadEpochHistory(client, vault._id));
      await step(`vault page ${name}: profile`, () => vaultProfile(client, index, vault, () => false, now));
      await step(`vault page ${name}: performance`, () => vaultPerformance(client, index, vault));
    }
    const addresses = wallets.map((w) => w.address);
    for (const campaign of reference!.campaigns) {
      await step(`campaign ${campaign._id}: points`, () => new CampaignPointsCache().load(client, campaign._id, addresses));
    }
  }
  await step('position records', () => new PositionRecordCache().load(client, groupId, positionPairs(view)));
  const agreementPairs = view.vaults
    .filter((v) => v.lenderSignatureIds.length > 0)
    .flatMap((v) => wallets.map((w) => ({ wallet: w.address, vaultId: v.id, signatureIds: v.lenderSignatureIds })));
  await step('lender agreements', () => new AgreementChecks().load(client, agreementPairs));
  await step('transactions', async () => {
    const history = await new TransactionHistory({ catalog }).load(client, groupId, wallets);
    if (history.error) throw new Error(history.error.message);
    return history;
  });
  return { view, steps };
}
