import type { Portfolio } from '../../../shared/portfolio/schemas';
import { fromSnapshotEachTest, type SigningWorld } from './world';

/**
 * A service that sends other texts as lender agreements, one test at a time. Each test of the file
 * starts from the seeded scenario (`fromSnapshotEachTest`) with the service's own agreement texts
 * back; the function returned makes the service send `text` as the wallet message of the vault's
 * first lender agreement, and gives that agreement's record id.
 */
export function agreementTextsEachTest(world: () => SigningWorld, view: () => Portfolio): (vaultId: string, text: string) => string {
  const originals = new Map<string, string>();
  const signatures = () => world().service.store.signatures;
  fromSnapshotEachTest(world, () => {
    for (const [id, message] of originals) signatures().upsert({ ...signatures().get(id)!, walletMessage: message });
    originals.clear();
  });
  return (vaultId, text) => {
    const id = view().vaults.find((v) => v.id === vaultId)!.lenderSignatureIds[0]!;
    const record = signatures().get(id)!;
    if (!originals.has(id)) originals.set(id, record.walletMessage);
    signatures().upsert({ ...record, walletMessage: Buffer.from(text, 'utf8').toString('base64') });
    return id;
  };
}
