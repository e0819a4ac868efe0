import pLimit from 'p-limit';
import type { ServiceClient } from '../service-client';

interface AgreementRow {
  wallet: string;
  vaultId: string;
  /** LENDER (and ALL) signatures the vault asks for. */
  required: string[];
  signed: string[];
}

/** At most this many signature checks at once, so a large batch does not flood the service. */
const CONCURRENCY = 8;
/** An unsigned agreement is checked again after this long; a signed one never changes. */
const UNSIGNED_TTL_MS = 5 * 60_000;

/**
 * Which lender agreements each wallet has signed, per vault. The service answers one wallet and one
 * signature per request, so checks run with bounded concurrency and are cached: a signature, once
 * there, stays; a missing one is asked again after a few minutes or when the operator forces it
 * (e.g. right after signing).
 */
export class AgreementChecks {
  private readonly signed = new Set<string>();
  private readonly unsignedAt = new Map<string, number>();

  reset(): void {
    this.signed.clear();
    this.unsignedAt.clear();
  }

  async load(
    client: ServiceClient,
    pairs: ReadonlyArray<{ wallet: string; vaultId: string; signatureIds: readonly string[] }>,
    options: { force?: boolean; now?: number } = {},
  ): Promise<AgreementRow[]> {
    const now = options.now ?? Date.now();
    const key = (signatureId: string, wallet: string) => `${signatureId}:${wallet.toLowerCase()}`;
    const toCheck = new Map<string, { signatureId: string; wallet: string }>();
    for (const p of pairs) {
      for (const signatureId of p.signatureIds) {
        const k = key(signatureId, p.wallet);
        if (this.signed.has(k)) continue;
        const checkedAt = this.unsignedAt.get(k);
        if (!options.force && checkedAt !== undefined && now - checkedAt < UNSIGNED_TTL_MS) continue;
        toCheck.set(k, { signatureId, wallet: p.wallet });
      }
    }
    const limit = pLimit(CONCURRENCY);
    await Promise.all(
      [...toCheck.entries()].map(([k, { signatureId, wallet }]) =>
        limit(async () => {
          const check = await client.checkSignature(signatureId, wallet);
          if (check) {
            this.signed.add(k);
            this.unsignedAt.delete(k);
          } else {
            this.unsignedAt.set(k, now);
          }
        }),
      ),
    );
    return pairs.map((p) => ({
      wallet: p.wallet,
      vaultId: p.vaultId,
      required: [...p.signatureIds],
      signed: p.signatureIds.filter((id) => this.signed.has(key(id, p.wallet))),
    }));
  }
}
