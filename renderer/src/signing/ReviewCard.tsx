import { useState } from 'react';
import type { Review } from '../../../shared/signing/schemas';
import { DeviceScreenList, LedgerShows, OptionalScreens, PredictedFor, screensOnLedger, useDeviceTarget } from '../device';
import { argLabel } from '../components/arg-names';
import { FeeValue, useEthPrice } from './FeeValue';
import { ROLE_NAMES } from '../../../shared/registry/schemas';
import './plan-review.css';

/** The roles in the registry's words (the same as the review's). */
export const ROLE_WORDS: Record<string, string> = ROLE_NAMES;

/** The contract called and, for an approval, who may spend: each with its pinned role, the vault's name and where the pin comes from. */
function WhereMoneyGoes({ review }: { review: Extract<Review, { kind: 'transaction' }> }) {
  const vault = review.pinned?.vaultName ?? null;
  const pin = review.pinned
    ? `pinned on ${review.pinned.pinnedAt.slice(0, 10)}${review.pinned.checkedAtBlock ? `, checked on chain at block ${review.pinned.checkedAtBlock}` : ''}`
    : "not in this install's vault registry";
  // Lines of the review card itself (`.review > .cell-sub`), as the rest of the card.
  return (
    <>
      <div className="cell-sub" data-testid="call-target">
        Calls the {ROLE_WORDS[review.contract.role] ?? review.contract.role}
        {vault ? ` of ${vault}` : ''} <code>{review.contract.address}</code>
        {review.spender ? null : ` (${pin})`}
      </div>
      {review.spender ? (
        <div className="cell-sub spender" data-testid="spender">
          Spender: the {ROLE_WORDS[review.spender.role] ?? review.spender.role}
          {vault ? ` of ${vault}` : ''} <code>{review.spender.address}</code> ({pin})
          {review.unlimitedApproval ? <span className="pill pill-bad"> unlimited approval, chosen explicitly</span> : null}
        </div>
      ) : null}
    </>
  );
}

/** A transaction's fee cap, with its fiat value or the word that there is none. */
function ItemFee({ review }: { review: Extract<Review, { kind: 'transaction' }> }) {
  const price = useEthPrice(review.chainId);
  return (
    <div className="cell-sub" data-testid="item-fee">
      Max fee <FeeValue wei={BigInt(review.fees.maxFeeWei)} price={price} />
    </div>
  );
}

/** One transaction or message as the operator checks it: the decoded call, fees, and what the Ledger will show. */
export function ReviewCard({ review, from }: { review: Review; from?: string }) {
  const [screens, setScreens] = useState(false);
  const device = useDeviceTarget();
  const onLedger = screensOnLedger(review, from, device);
  return (
    <div className="review">
      <strong>{review.title}</strong>
      {review.kind === 'transaction' ? (
        <>
          <div className="cell-sub">
            {review.contract.name} <code>{review.contract.address}</code> · {review.functionName} · nonce {review.nonce} · chain{' '}
            {review.chainId}
          </div>
          {review.args.length ? (
            <dl className="args">
              {review.args.map((a) => (
                <div key={a.name}>
                  <dt title={`${a.name} (${a.type})`} data-arg={a.name}>
                    {argLabel(a.name)}
                  </dt>
                  <dd title={a.value}>{a.display}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <WhereMoneyGoes review={review} />
          <ItemFee review={review} />
          <LedgerShows screens={onLedger} signingHash={review.signingHash} />
        </>
      ) : (
        <>
          {review.origin ? <div className="cell-sub">{review.origin}</div> : null}
          <pre className="message">{review.text}</pre>
        </>
      )}
      <button type="button" className="link-button" onClick={() => setScreens(!screens)}>
        {screens ? 'Hide' : 'Show'} what the Ledger will display
      </button>
      {screens ? (
        <>
          <PredictedFor device={device} />
          <DeviceScreenList screens={onLedger} />
          {review.kind === 'transaction' && review.blindSigning ? <OptionalScreens nonce={review.nonce} /> : null}
        </>
      ) : null}
    </div>
  );
}
