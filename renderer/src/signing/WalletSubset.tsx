import type { Portfolio } from '../../../shared/portfolio/schemas';
import './fleet-inputs.css';

/**
 * Which wallets of the batch take part in the operation: every one by default, each a checkbox,
 * with all / none and the count. The choice is kept as the wallets left out, so a wallet added to
 * the batch later takes part unless the operator leaves it out.
 */
export function WalletSubset(props: {
  wallets: readonly Portfolio['wallets'][number][];
  excluded: ReadonlySet<string>;
  onChange: (excluded: string[]) => void;
}) {
  const { wallets, excluded } = props;
  const taking = wallets.filter((w) => !excluded.has(w.address.toLowerCase())).length;
  const toggle = (address: string, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.delete(address.toLowerCase());
    else next.add(address.toLowerCase());
    props.onChange([...next]);
  };
  return (
    <fieldset className="wallet-subset" aria-label="Wallets taking part">
      <legend data-testid="wallet-subset-count">
        Wallets: {taking} of {wallets.length} take part
      </legend>
      <p className="wallet-subset-actions">
        <button type="button" className="button button-small" onClick={() => props.onChange([])} disabled={taking === wallets.length}>
          Select all
        </button>{' '}
        <button
          type="button"
          className="button button-small"
          onClick={() => props.onChange(wallets.map((w) => w.address.toLowerCase()))}
          disabled={taking === 0}
        >
          Select none
        </button>
      </p>
      <ul className="wallet-subset-list">
        {wallets.map((w) => (
          <li key={w.address}>
            <label className="toggle" title={w.address}>
              <input
                type="checkbox"
                checked={!excluded.has(w.address.toLowerCase())}
                onChange={(e) => toggle(w.address, e.target.checked)}
              />{' '}
              {w.label || w.address}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
