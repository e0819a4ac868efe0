import { useId } from 'react';
import type { NumberMarks } from '../../../shared/domain/units';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { vaultAlert, VaultStateFlag } from '../components/VaultStateFlag';
import type { VaultLine } from './operation-lines';

/** The fields of one vault line of the New operation form: its vault, its amount, what blocks it. */

/** The vault in a choice list: its cycle, and its flag when defaulted or paused, so it is seen before it is picked. */
function optionText(v: PortfolioVault): string {
  const alert = vaultAlert(v.cycle, v.status);
  return `${v.name} (${v.cycle?.state.toLowerCase().replace(/_/g, ' ') ?? 'unknown'})${alert ? ` · ${alert.label}` : ''}`;
}

/** Why a vault of the operation cannot take it now, under its own line. */
/** The vault of one line of the operation, with its state; vaults another line holds are left out. */
export function VaultChoice(props: {
  label: string;
  ariaLabel: string;
  vault: PortfolioVault;
  vaults: readonly PortfolioVault[];
  taken: ReadonlySet<string>;
  onChange: (vaultId: string) => void;
}) {
  const { vault } = props;
  return (
    <>
      <label className="field">
        <span>{props.label}</span>
        <select value={vault.id} onChange={(e) => props.onChange(e.target.value)} aria-label={props.ariaLabel}>
          {props.vaults
            .filter((v) => v.id === vault.id || !props.taken.has(v.id))
            .map((v) => (
              <option key={v.id} value={v.id}>
                {optionText(v)}
              </option>
            ))}
        </select>
      </label>
      <VaultStateFlag cycle={vault.cycle} serviceStatus={vault.status} />
    </>
  );
}

/** The amount each wallet deposits or withdraws in one line's vault, in that vault's token. */
export function AmountField(props: { line: VaultLine; ariaLabel: string; marks: NumberMarks; onChange: (value: string) => void }) {
  const { line } = props;
  const unit = useId();
  return (
    <label className="field">
      {/* The token is the field's unit, not part of its name: it is read as the field's description. */}
      <span>
        Amount per wallet{' '}
        <span id={unit} aria-hidden="true">
          ({line.token.symbol})
        </span>
      </span>
      <input
        value={line.amount}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={`e.g. 250${props.marks.decimal}5`}
        aria-label={props.ariaLabel}
        aria-describedby={unit}
        aria-invalid={line.invalid !== null}
      />
    </label>
  );
}

export function Blocked({ line, several, removable }: { line: VaultLine; several: boolean; removable: boolean }) {
  return (
    <p className="field-error" data-testid="vault-blocked">
      {several ? `${line.vault.name}: ` : ''}
      {line.blocked}
      {removable ? ' Remove it from the operation to review the others.' : ''}
    </p>
  );
}
