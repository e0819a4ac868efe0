import { useState, type ChangeEvent } from 'react';
import { formatAmount } from '../../../shared/domain/units';
import type { AmountCsv } from '../../../shared/signing/amount-csv';
import { checkCsvSize } from '../../../shared/wallets/csv-size';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { FileButton } from '../components/FileButton';
import './fleet-inputs.css';

/**
 * A deposit's amounts per wallet from a CSV (`wallet, vault, amount`), chosen as a file or pasted,
 * and its preview before anything is planned: every line accepted or refused with why, and what the
 * accepted lines add up to per vault. Only accepted lines are planned.
 */
export function AmountsFromCsv(props: {
  csv: string;
  fileName: string | null;
  parsed: AmountCsv | null;
  onChange: (csv: string, fileName: string | null) => void;
}) {
  const { parsed } = props;
  const [fileError, setFileError] = useState<string | null>(null);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // An oversized file is refused on its size, before it is read.
    const size = checkCsvSize(file.size, file.name);
    if (!size.ok) return setFileError(size.reason);
    setFileError(null);
    props.onChange(await file.text(), file.name);
  };
  const lines = parsed?.ok ? parsed.lines : [];
  const accepted = lines.filter((l) => l.accepted);
  const refused = lines.length - accepted.length;
  return (
    <section className="amounts-csv" aria-label="Amounts per wallet from a CSV">
      <p className="cell-sub">
        One line per wallet and vault, first line <code>wallet,vault,amount</code>: the wallet by its address or its label, the vault by its
        name or its epoch vault address, the amount in the vault&apos;s underlying token as you would type it (put an amount with a
        thousands comma in double quotes: <code>&quot;1,250.5&quot;</code>).
      </p>
      <div className="inline-fields">
        <FileButton accept=".csv,text/csv" testId="amounts-csv-input" className="button button-small" onFile={(e) => void choose(e)}>
          Choose a CSV file…
        </FileButton>
        {props.fileName ? <span className="cell-sub">{props.fileName}</span> : null}
        {props.csv ? (
          <button type="button" className="link-button" onClick={() => props.onChange('', null)}>
            Clear
          </button>
        ) : null}
      </div>
      <label className="field amounts-csv-text">
        <span>or paste it here</span>
        <textarea
          value={props.csv}
          onChange={(e) => props.onChange(e.target.value, null)}
          rows={4}
          spellCheck={false}
          placeholder={'wallet,vault,amount\n0x…,Alpha,"1,250.5"'}
          aria-label="Amounts CSV"
        />
      </label>
      {fileError ? <p className="field-error">{fileError}</p> : null}
      {parsed && !parsed.ok ? (
        <p className="field-error" data-testid="amounts-csv-refused">
          {parsed.reason}
        </p>
      ) : null}
      {lines.length > 0 ? (
        <div className="notice notice-info" data-testid="amounts-csv-preview">
          <strong className="notice-title">
            {accepted.length} line{accepted.length === 1 ? '' : 's'} accepted, {refused} refused
            {refused ? ': only the accepted lines are planned. Correct the others in the file and choose it again.' : '.'}
          </strong>
          <Totals lines={lines} />
          <div className="table-wrap amounts-csv-lines">
            <SimpleTable
              compact
              label="Lines of the amounts CSV"
              columns={LINE_COLUMNS}
              rows={lines}
              rowKey={(l) => l.line}
              rowProps={(l) => ({ 'data-outcome': l.accepted ? 'accepted' : 'refused' })}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}

type CsvLine = NonNullable<Extract<AmountCsv, { ok: true }>['lines']>[number];

/** A line of the file as read: what it names, and whether it is planned or why not. */
const LINE_COLUMNS: SimpleColumn<CsvLine>[] = [
  { key: 'line', header: 'Line', numeric: true, cell: (l) => l.line },
  {
    key: 'wallet',
    header: 'Wallet',
    cell: (l) => (l.accepted ? l.accepted.wallet.label || l.accepted.wallet.address : l.wallet),
    cellProps: (l) => ({ title: l.accepted?.wallet.address ?? l.wallet }),
  },
  {
    key: 'vault',
    header: 'Vault',
    cell: (l) => l.accepted?.vaultName ?? l.vault,
    cellProps: (l) => ({ title: l.accepted?.vaultName ?? l.vault }),
  },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (l) =>
      l.accepted ? `${formatAmount(l.accepted.baseUnits, l.accepted.decimals, { maxFraction: l.accepted.decimals })} ${l.accepted.symbol}` : l.amount,
    cellProps: (l) => ({ title: l.amount }),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (l) => (
      <>
        {l.accepted ? <span className="pill pill-ok">accepted</span> : <span className="pill pill-bad">refused</span>}
        {l.refused ? <span className="cell-sub"> {l.refused}</span> : null}
      </>
    ),
  },
];

/** Per vault: how many wallets, and the sum of their amounts. */
function Totals({ lines }: { lines: NonNullable<Extract<AmountCsv, { ok: true }>['lines']> }) {
  const byVault = new Map<string, { name: string; symbol: string; wallets: number; total: bigint; decimals: number }>();
  for (const l of lines) {
    if (!l.accepted) continue;
    const v = byVault.get(l.accepted.vaultId) ?? {
      name: l.accepted.vaultName,
      symbol: l.accepted.symbol,
      wallets: 0,
      total: 0n,
      decimals: l.accepted.decimals,
    };
    v.wallets += 1;
    v.total += BigInt(l.accepted.baseUnits);
    byVault.set(l.accepted.vaultId, v);
  }
  if (byVault.size === 0) return null;
  return (
    <p data-testid="amounts-csv-totals">
      {[...byVault.values()]
        .map(
          (v) =>
            `${v.name}: ${v.wallets} wallet${v.wallets === 1 ? '' : 's'}, ${formatAmount(v.total, v.decimals, { maxFraction: v.decimals })} ${v.symbol}`,
        )
        .join(' · ')}
    </p>
  );
}
