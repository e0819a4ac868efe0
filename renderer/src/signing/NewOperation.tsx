import type { FormEvent } from 'react';
import { numberMarksOf } from '../../../shared/domain/units';
import { ACROSS_VAULTS } from '../../../shared/ipc/schemas';
import { formatUnits } from 'viem';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { useSourceLoad } from '../navigation/use-source-load';
import { usePortfolioStore } from '../batch';
import { NoRpcNotice } from '../components/NoRpcNotice';
import { useSigningStore, type OperationDraft } from './signing-store';
import { AmountField, Blocked, VaultChoice } from './OperationFields';
import { lineOf, routeText, type VaultLine } from './operation-lines';
import { defaultBatchName } from '../../../shared/signing/batch-name';
import { BATCH_NAME_MAX } from '../../../shared/signing/schemas';
import { AmountsFromCsv } from './AmountsFromCsv';
import { csvParts, useAmountCsv } from './fleet-inputs';
import { WalletSubset } from './WalletSubset';
import './new-operation.css';

type Action = OperationDraft['action'];

/**
 * Starts a deposit, a withdrawal (a queue request while the epoch runs, a redeem between epochs)
 * or the lender agreements, for every wallet of the batch shown, in one vault; a deposit or a
 * withdrawal may take further vaults, each with its own amount, planned as one review and one batch.
 */
export function NewOperation() {
  const data = usePortfolioStore((s) => s.data);
  const outdated = usePortfolioStore((s) => s.outdated);
  const loading = usePortfolioStore((s) => s.loading);
  const loadError = usePortfolioStore((s) => s.error);
  // The Signing screen has no portfolio header: it asks for the batch itself when it has none.
  useSourceLoad(usePortfolioStore((s) => s.refresh));
  const { makePlan, planning } = useSigningStore();
  // Kept in the store: the form comes back as it was after a plan or a batch (nothing typed is lost).
  const {
    vaultId,
    action,
    amount,
    everything,
    more,
    direct = false,
    amountsFrom = 'same',
    csv = '',
    csvFileName = null,
    excluded = [],
    name = '',
  } = useSigningStore((s) => s.operation);
  const setOperation = useSigningStore((s) => s.setOperation);
  const setVaultId = (v: string) => setOperation({ vaultId: v });
  const setAction = (v: Action) => setOperation({ action: v });
  const setAmount = (v: string) => setOperation({ amount: v });
  const setEverything = (v: boolean) => setOperation({ everything: v });
  const vault: PortfolioVault | undefined = data?.vaults.find((v) => v.id === vaultId) ?? data?.vaults[0];
  // A deposit's amounts per wallet from a CSV: the file decides the vaults and the wallets.
  const fromCsv = action === 'deposit' && amountsFrom === 'csv';
  const parsedCsv = useAmountCsv(fromCsv ? csv : '', data);
  if (!data || !vault) {
    // Never an empty screen: say what the form waits for.
    return (
      <div className="card wide" aria-label="New operation" role="form" data-testid="new-operation-waiting">
        <h2>New operation</h2>
        <p className="cell-sub">
          {!data
            ? loadError
              ? `The batch could not be read (${loadError.message}): refresh it on the Overview.`
              : loading
                ? 'Reading the batch…'
                : 'The batch is not read yet: open the Overview to read it.'
            : 'The batch follows no epoch vault yet: there is nothing to plan.'}
        </p>
      </div>
    );
  }

  const needsAmount = !fromCsv && (action === 'deposit' || (action === 'withdraw' && !everything));
  const out = new Set(excluded);
  const taking = data.wallets.filter((w) => !out.has(w.address.toLowerCase()));
  const parts = fromCsv ? csvParts(parsedCsv) : [];
  const csvVaults = parts.flatMap((p) => data.vaults.filter((v) => v.id === p.vaultId));
  const marks = numberMarksOf();
  // Further vaults count for a deposit or a withdrawal only; a vault no longer in the batch drops out.
  const others =
    action === 'agreements'
      ? []
      : more.flatMap((m) =>
          data.vaults.filter((v) => v.id === m.vaultId && v.id !== vault.id).map((v) => ({ vault: v, amount: m.amount })),
        );
  // A direct deposit during the epoch is the operator's choice, offered for a single running vault that takes one.
  const directOffered =
    action === 'deposit' && others.length === 0 && vault.depositDuringEpoch === true && vault.cycle?.state === 'RUNNING';
  const lines = (fromCsv ? csvVaults.map((v) => ({ vault: v, amount: '' })) : [{ vault, amount }, ...others]).map((l, i) =>
    lineOf(data, l.vault, l.amount, action, needsAmount, marks, i === 0 && directOffered && direct),
  );
  const several = lines.length > 1;
  const first = lines[0] ?? lineOf(data, vault, amount, action, needsAmount, marks);
  const walletCount = fromCsv ? new Set(parts.flatMap((p) => p.wallets)).size : taking.length;
  const defaultName = defaultBatchName(
    action,
    lines.map((l) => l.vault.name),
    walletCount,
  );
  const named = (line: VaultLine, text: string) => (several ? `${line.vault.name}: ${text}` : text);
  const noRpc = lines.find((l) => l.noRpc)?.noRpc ?? null;
  const blocked = lines.find((l) => l.blocked) ?? null;
  const invalid = lines.find((l) => l.invalid) ?? null;
  const amountsOk = !needsAmount || lines.every((l) => l.parsed?.ok === true);
  const tooMany = several && walletCount > ACROSS_VAULTS.wallets;
  const ready = !noRpc && !blocked && !outdated && !tooMany && amountsOk && walletCount > 0 && (!fromCsv || parsedCsv?.ok === true);
  const missing = lines.find((l) => needsAmount && l.parsed?.ok !== true) ?? first;
  // Review is never disabled without a word: what it waits for, as text.
  const waitingFor =
    ready || noRpc || blocked || outdated || invalid
      ? null
      : tooMany
        ? `One review across vaults holds at most ${ACROSS_VAULTS.wallets} wallets: plan vault by vault, or use a smaller batch.`
        : data.wallets.length === 0
          ? 'This batch has no wallets: add some on the Wallets screen.'
          : fromCsv
            ? parsedCsv?.ok
              ? 'No line of the file is accepted: correct the refused lines and choose the file again.'
              : 'Choose a CSV file of wallet, vault and amount (or paste it) to see its lines before anything is planned.'
            : taking.length === 0
              ? 'No wallet takes part: choose at least one above (Select all takes the whole batch).'
              : action === 'withdraw'
                ? several
                  ? `Enter an amount per wallet for ${missing.vault.name}, or choose everything each wallet can withdraw.`
                  : 'Enter an amount per wallet, or choose everything each wallet can withdraw.'
                : several
                  ? `Enter an amount per wallet for ${missing.vault.name}.`
                  : 'Enter an amount per wallet.';

  const chosen = new Set(lines.map((l) => l.vault.id));
  // A vault whose state refuses the action is offered last, so "Add another vault" picks one that takes it.
  const nextVault = data.vaults
    .filter((v) => !chosen.has(v.id))
    .sort(
      (a, b) =>
        Number(lineOf(data, a, '', action, false, marks).blocked !== null) -
        Number(lineOf(data, b, '', action, false, marks).blocked !== null),
    )[0];
  const canAdd = action !== 'agreements' && !fromCsv && nextVault !== undefined && lines.length < ACROSS_VAULTS.vaults;
  const setMore = (k: number, patch: Partial<OperationDraft['more'][number]>) =>
    setOperation({ more: others.map((o, j) => ({ vaultId: o.vault.id, amount: o.amount, ...(j === k ? patch : {}) })) });
  const removeMore = (k: number) =>
    setOperation({ more: others.filter((_, j) => j !== k).map((o) => ({ vaultId: o.vault.id, amount: o.amount })) });

  const amountOf = (line: VaultLine) =>
    needsAmount && line.parsed?.ok
      ? { amount: formatUnits(BigInt(line.parsed.baseUnits), line.token.decimals) }
      : action === 'withdraw'
        ? { amount: 'all' }
        : {};
  const actionOf = (line: VaultLine) =>
    action === 'withdraw' && line.route?.ok && line.route.route.creates === 'REDEEM' ? 'redeem' : action;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const wallets = taking.map((w) => w.address);
    const named = { name: name.trim() || defaultName };
    if (fromCsv) {
      await makePlan({
        vaultId: parts[0]!.vaultId,
        action: 'deposit',
        wallets: [...new Set(parts.flatMap((p) => p.wallets))],
        parts,
        ...named,
      });
      return;
    }
    if (!several) {
      await makePlan({
        vaultId: vault.id,
        action: actionOf(first),
        wallets,
        ...amountOf(first),
        ...(directOffered && direct ? { depositRoute: 'direct' as const } : {}),
        ...named,
      });
      return;
    }
    await makePlan({
      vaultId: vault.id,
      action: action === 'deposit' ? 'deposit' : 'withdraw',
      wallets,
      parts: lines.map((line) => ({
        vaultId: line.vault.id,
        wallets,
        ...amountOf(line),
        ...(action === 'withdraw' ? { action: actionOf(line) as 'withdraw' | 'redeem' } : {}),
      })),
      ...named,
    });
  };

  const reviewButton = (
    <button type="submit" className="button button-primary" disabled={!ready || planning}>
      {planning
        ? 'Preparing…'
        : several
          ? `Review ${action === 'deposit' ? 'deposits' : 'withdrawals'} in ${lines.length} vaults`
          : 'Review'}
    </button>
  );

  return (
    <form className="card wide" onSubmit={(e) => void submit(e)} aria-label="New operation">
      <h2>New operation for the batch ({data.wallets.length} wallets)</h2>
      <div className="inline-fields">
        {fromCsv ? null : (
          <VaultChoice
            label={several ? 'Vault 1' : 'Vault'}
            ariaLabel={`${several ? 'Vault 1' : 'Vault'} (operation vault)`}
            vault={vault}
            vaults={data.vaults}
            taken={chosen}
            onChange={setVaultId}
          />
        )}
        <label className="field">
          <span>Operation</span>
          <select value={action} onChange={(e) => setAction(e.target.value as Action)} aria-label="Operation">
            <option value="deposit">Deposit</option>
            <option value="withdraw">Withdraw</option>
            <option value="agreements">Sign lender agreements</option>
          </select>
        </label>
        {action === 'withdraw' ? (
          <label className="toggle">
            <input type="checkbox" checked={everything} onChange={(e) => setEverything(e.target.checked)} /> everything each wallet can
            withdraw
            {several ? ' (in every vault)' : ''}
          </label>
        ) : null}
        {action === 'deposit' ? (
          <label className="field">
            <span>Amounts</span>
            <select
              value={amountsFrom}
              onChange={(e) => setOperation({ amountsFrom: e.target.value as 'same' | 'csv' })}
              aria-label="Amounts"
            >
              <option value="same">the same for every wallet</option>
              <option value="csv">per wallet, from a CSV</option>
            </select>
          </label>
        ) : null}
        {needsAmount ? <AmountField line={first} ariaLabel="Amount per wallet" marks={marks} onChange={setAmount} /> : null}
        {directOffered ? (
          <label className="toggle">
            <input type="checkbox" checked={direct} onChange={(e) => setOperation({ direct: e.target.checked })} /> deposit directly into
            the vault (tranche tokens now, not a queue request)
          </label>
        ) : null}
        <label className="field batch-name">
          <span>Batch name (optional)</span>
          <input
            value={name}
            maxLength={BATCH_NAME_MAX}
            onChange={(e) => setOperation({ name: e.target.value })}
            placeholder={defaultName}
          />
        </label>
        {several ? null : reviewButton}
      </div>
      {fromCsv ? (
        <AmountsFromCsv
          csv={csv}
          fileName={csvFileName}
          parsed={parsedCsv}
          onChange={(text, file) => setOperation({ csv: text, csvFileName: file })}
        />
      ) : (
        <WalletSubset wallets={data.wallets} excluded={out} onChange={(next) => setOperation({ excluded: next })} />
      )}
      {routeText(first) ? (
        <p className="cell-sub" data-testid="route">
          {named(first, routeText(first)!)}
        </p>
      ) : null}
      {first.blocked ? <Blocked line={first} several={several} removable={false} /> : null}
      {others.length && !fromCsv ? (
        <ol className="operation-vaults" aria-label="Further vaults of the operation">
          {lines.slice(1).map((line, k) => (
            <li key={line.vault.id} data-vault-id={line.vault.id}>
              <div className="inline-fields">
                <VaultChoice
                  label={`Vault ${k + 2}`}
                  ariaLabel={`Vault ${k + 2} of the operation`}
                  vault={line.vault}
                  vaults={data.vaults}
                  taken={chosen}
                  onChange={(vaultId) => setMore(k, { vaultId })}
                />
                {needsAmount ? (
                  <AmountField
                    line={line}
                    ariaLabel={`Amount per wallet, vault ${k + 2}`}
                    marks={marks}
                    onChange={(value) => setMore(k, { amount: value })}
                  />
                ) : null}
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => removeMore(k)}
                  aria-label={`Remove ${line.vault.name} from the operation`}
                >
                  Remove
                </button>
              </div>
              {routeText(line) ? <p className="cell-sub">{named(line, routeText(line)!)}</p> : null}
              {line.blocked ? <Blocked line={line} several removable /> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {canAdd ? (
        <p className="cell-sub operation-add">
          <button
            type="button"
            className="link-button"
            onClick={() =>
              setOperation({
                more: [...others.map((o) => ({ vaultId: o.vault.id, amount: o.amount })), { vaultId: nextVault.id, amount: '' }],
              })
            }
          >
            + Add another vault
          </button>{' '}
          {several
            ? ''
            : `to ${action === 'deposit' ? 'deposit' : 'withdraw'} in several vaults at once: one review, one batch, one report.`}
        </p>
      ) : null}
      {several ? <div className="form-actions">{reviewButton}</div> : null}
      {noRpc ? <NoRpcNotice sources={[noRpc]} /> : null}
      {outdated ? (
        <p className="notice notice-info" data-testid="batch-outdated">
          The wallets of this batch changed: reading the batch again before anything is planned…
        </p>
      ) : null}
      {invalid ? <p className="field-error">{named(invalid, invalid.invalid!)}</p> : null}
      {waitingFor ? (
        <p className="cell-sub" data-testid="review-waiting-for">
          {waitingFor}
        </p>
      ) : null}
    </form>
  );
}
