import path from 'node:path';
import { AppError } from '../../../shared/errors';
import type { ExportedFile } from '../../../shared/ipc/schemas';
import type { Plan } from '../../../shared/signing/schemas';
import { createChainAccess, createSigningService, type SigningService } from '../../services/signing';
import type { PortfolioService } from '../../services/portfolio/portfolio';
import type { ServiceClient } from '../../services/service-client';
import type { WalletBook } from '../../services/wallets/wallet-book';
import type { Logger } from '../../services/log/logger';
import type { DeviceHost } from '../device-host';
import { exportFileName } from './wallets';

export interface SigningFeatureDeps {
  /** The folder this mode keeps its journals in (the demo's own under demo/). */
  dataDir: string;
  book: () => WalletBook;
  device: () => Promise<DeviceHost>;
  portfolio: PortfolioService;
  service: () => Promise<ServiceClient>;
  log: Logger;
  onEvent: Parameters<SigningService['subscribe']>[0];
}

/**
 * The signing pipeline as the console drives it: plans from what the operator selected (each
 * wallet's Ledger path from the wallet book), batches journaled before anything reaches the device,
 * and a run that reports through events rather than holding the window's request open.
 */
export function createSigningFeature(deps: SigningFeatureDeps) {
  // One RPC client per chain, shared by the pipeline and the offline-review bundles.
  const chain = createChainAccess({ service: deps.service });
  const service = createSigningService({
    dataDir: deps.dataDir,
    device: {
      signTransaction: async (...args) => (await deps.device()).service.signTransaction(...args),
      signPersonalMessage: async (...args) => (await deps.device()).service.signPersonalMessage(...args),
    },
    loadPortfolio: (wallets) => deps.portfolio.load(wallets, null),
    chain,
    service: deps.service,
    log: deps.log,
  });
  const unsubscribe = service.subscribe(deps.onEvent);

  const start = (run: Promise<unknown>) => {
    // A run waits on the device for as long as the operator takes; its outcome arrives as events.
    run.catch((err: unknown) => deps.log.error('signing run stopped', { message: (err as Error).message }));
    return { started: true as const };
  };

  return {
    async plan(input: { vaultId: string; action: Plan['selection']['action']; wallets: string[]; amount?: string; requestIds?: string[]; approval?: 'exact' | 'unlimited' }): Promise<Plan> {
      const book = deps.book();
      const wallets = input.wallets.map((address) => {
        const w = book.wallets().find((x) => x.address.toLowerCase() === address.toLowerCase());
        if (!w) throw new AppError({ code: 'WALLET_NOT_FOUND', message: `${address} is not in the wallet book.` });
        if (w.source !== 'ledger' || !w.ledger) {
          throw new AppError({
            code: 'WALLET_WATCH_ONLY',
            message: `${w.label || w.address} is watch-only: the console cannot sign for it.`,
            action: 'Import it from the Ledger on the Wallets screen, or leave it out of the selection.',
          });
        }
        return { address: w.address, label: w.label, path: w.ledger.path };
      });
      return service.plan({
        vaultId: input.vaultId,
        action: input.action,
        wallets,
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.requestIds ? { requestIds: input.requestIds } : {}),
        ...(input.approval ? { approval: input.approval } : {}),
      });
    },
    createBatch: (planId: string, acknowledgeBlindSigning: boolean) => service.createBatch(planId, { acknowledgeBlindSigning }),
    listBatches: () => service.listBatches(),
    openBatch: (id: string) => service.openBatch(id),
    run: (id: string) => start(service.run(id)),
    pause: async (id: string) => {
      await service.pause(id);
      return { paused: true as const };
    },
    retry: (id: string, itemId: string) => start(service.retry(id, itemId)),
    skip: (id: string, itemId: string) => service.skip(id, itemId),
    resign: (id: string, itemId: string) => service.resign(id, itemId),
    async report(id: string): Promise<ExportedFile> {
      const batch = await service.openBatch(id);
      return {
        fileName: exportFileName(`batch-${batch.selection.action}`, batch.vault.name, 'csv', new Date()),
        mimeType: 'text/csv',
        content: await service.reportCsv(id),
      };
    },
    close: unsubscribe,
    /** For the bundles feature: the same pipeline, chains and journal folder. */
    pipeline: service,
    chain,
    dataDir: deps.dataDir,
  };
}

export function journalFolder(dataDir: string, demo: boolean): string {
  return demo ? path.join(dataDir, 'demo') : dataDir;
}
