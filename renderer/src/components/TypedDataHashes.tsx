import type { DeviceScreen } from '../../../shared/device/state';

/** One hash the operator compares: its name, its value and the test id of its value. */
interface HashRow {
  label: string;
  value: string;
  testId: string;
}

/**
 * What a planner's Ledger will sign, before it asks: the account, what the signature vouches for
 * (a plan hash, a registry hash), the two hashes the device shows in its hashed typed-data review,
 * and the typed data itself folded away. Shared by the bundle export and the registry export.
 */
export function TypedDataHashes({
  path,
  rows,
  type,
  domain,
  screens,
}: {
  path: string;
  rows: HashRow[];
  type: string;
  domain: { name: string; version: string; salt: string };
  screens: DeviceScreen[];
}) {
  return (
    <>
      <dl className="kv">
        <div className="kv-row">
          <dt>Ledger account</dt>
          <dd>
            <code>{path}</code> (the planner&apos;s own, never a wallet&apos;s)
          </dd>
        </div>
        {rows.map((r) => (
          <div key={r.testId} className="kv-row">
            <dt>{r.label}</dt>
            <dd>
              <code data-testid={r.testId}>{r.value}</code>
            </dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>The typed data</summary>
        <p className="cell-sub">
          Type <code>{type}</code>, domain{' '}
          <code>
            {`{name: "${domain.name}", version: "${domain.version}", salt: ${domain.salt}}`}
          </code>
          .
        </p>
      </details>
      <p className="cell-sub">The Ledger shows: {screens.map((s) => (s.value ? `${s.title} ${s.value}` : s.title)).join(' · ')}.</p>
    </>
  );
}
