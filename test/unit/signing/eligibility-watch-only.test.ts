import { describe, expect, it } from 'vitest';
import { eligibility, WATCH_ONLY_REASON } from '../../../electron/services/signing/planning/eligibility';

// Only what the rules read for the agreements of one Ledger wallet; the watch-only one is decided before any fact.
const ledger = { address: '0x1111111111111111111111111111111111111111', label: 'Desk 1', path: "44'/60'/0'/0/1" } as const;
const watchOnly = { address: '0x000000000000000000000000000000000000dEaD', label: 'Cold reserve', path: '', watchOnly: true } as const;
const facts = {
  chain: { vault: {}, wallets: new Map([[ledger.address, { unsignedAgreements: [] }]]) },
  requests: [],
  agreements: null,
  catalog: { lenderSignatureIds: [] },
} as never;

describe('eligibility of a watch-only wallet', () => {
  it('skips it with its reason and decides the other wallets on their own facts', () => {
    const verdicts = eligibility({ vaultId: 'v', action: 'agreements', wallets: [watchOnly, ledger] }, facts);
    expect(verdicts[0]).toEqual({ ok: false, reason: WATCH_ONLY_REASON });
    expect(verdicts[1]).not.toEqual({ ok: false, reason: WATCH_ONLY_REASON });
  });
});
