import { plainText } from '../../../shared/bundles/plain-text';
import { entryState, nameKey, reasonText, SIDE_BY_SIDE_ROLES } from '../../../shared/registry/identity';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { ROLE_NAMES, roleAddress, type IdentityCollision, type VaultPinReview } from '../../../shared/registry/schemas';
import './vault-registry.css';

const same = (a: string | null, b: string | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * A vault the service announces that is taken for one already in the registry: for each such
 * entry, why (the same name, a contract of it, its token beside a frozen entry), and both sets side
 * by side, what collides marked. It cannot be pinned; the way out is the operator's, stated here.
 */
export function IdentityCollisions({ review }: { review: VaultPinReview }) {
  const name = plainText(review.name);
  const pinnedNames = review.collisions.map((c) => `${plainText(c.entry.name)} (id ${c.entry.vaultId})`).join(', ');
  return (
    <div data-testid="identity-collisions">
      {review.collisions.map((c) => (
        <SideBySide key={c.entry.vaultId} review={review} collision={c} />
      ))}
      <div className="notice notice-warn" data-testid="collision-way-out">
        <p>
          <strong>{name} cannot be pinned.</strong> A service that lists another set of contracts under the name or the contracts of a vault
          you trust, and hides that vault, makes money planned “into” it go elsewhere. Every on-chain check can pass: they tell that the
          contracts belong together, not which vault they are.
        </p>
        <p className="notice-action">
          Only if the vault’s operator confirms, out of band, that {pinnedNames} was retired and that {name} replaces it with the contracts
          on the right: forget the old entry in Settings → Vault registry, then review {name} again. Otherwise do not use it, and report it
          to the service.
        </p>
      </div>
    </div>
  );
}

interface SideBySideRow {
  key: string;
  label: string;
  pinned: string;
  announced: string;
  collides: boolean;
}

/** Names and states read as words; ids, chains and contracts as code. */
const asWords = (row: SideBySideRow) => row.key === 'name' || row.key === 'state';

const SIDE_BY_SIDE_COLUMNS: SimpleColumn<SideBySideRow>[] = [
  { key: 'label', header: null, headerLabel: 'Field', cell: (row) => row.label },
  { key: 'pinned', header: 'Pinned in this registry', cell: (row) => (asWords(row) ? row.pinned : <code>{row.pinned}</code>) },
  {
    key: 'announced',
    header: 'Announced by the service now',
    cell: (row) => (
      <>
        {asWords(row) ? row.announced : <code>{row.announced}</code>}
        {row.collides ? <span className="pill pill-bad"> same</span> : null}
      </>
    ),
  },
];

function SideBySide({ review, collision }: { review: VaultPinReview; collision: IdentityCollision }) {
  const { entry, reasons } = collision;
  const rows: SideBySideRow[] = [
    {
      key: 'name',
      label: 'name',
      pinned: plainText(entry.name),
      announced: plainText(review.name),
      collides: reasons.some((r) => r.kind === 'name') || nameKey(entry.name) === nameKey(review.name),
    },
    { key: 'id', label: 'id', pinned: entry.vaultId, announced: review.vaultId, collides: false },
    { key: 'chain', label: 'chain', pinned: String(entry.chainId), announced: String(review.chainId), collides: false },
    ...SIDE_BY_SIDE_ROLES.map((role) => {
      const pinned = roleAddress(entry.contracts, role);
      const announced = roleAddress(review.proposed, role);
      const collides = reasons.some(
        (r) => (r.kind === 'contract' && same(r.address, announced)) || (r.kind === 'underlying' && role === 'underlying'),
      );
      return { key: role, label: ROLE_NAMES[role], pinned: pinned ?? 'none', announced: announced ?? 'none', collides };
    }),
    {
      key: 'state',
      label: 'state',
      pinned: entryState(entry),
      announced: review.pinned ? entryState(review.pinned) : 'seen for the first time',
      collides: false,
    },
  ];
  return (
    <div className="collision" data-collides-with={entry.vaultId}>
      <h3 className="cell-title">
        Taken for {plainText(entry.name)}, pinned on {entry.pinnedAt.slice(0, 10)}
      </h3>
      <ul className="checks" aria-label={`Why it is taken for ${plainText(entry.name)}`}>
        {reasons.map((r) => (
          <li key={`${r.kind}-${r.kind === 'name' ? '' : r.address}`} data-reason={r.kind}>
            <span className="pill pill-bad">same</span> {plainText(reasonText(r, entry))}
          </li>
        ))}
      </ul>
      <div className="table-wrap">
        <SimpleTable
          compact
          label={`${plainText(entry.name)} as pinned, and the vault announced now`}
          columns={SIDE_BY_SIDE_COLUMNS}
          rows={rows}
          rowKey={(row) => row.key}
          rowProps={(row) => ({
            'data-row': row.key,
            'data-collides': row.collides ? 'true' : undefined,
            className: row.collides ? 'row-changed' : undefined,
          })}
        />
      </div>
    </div>
  );
}
