import type { RequestRow } from '../../../shared/portfolio/schemas';
import { ACROSS_VAULTS } from '../../../shared/ipc/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { actionLabel } from '../batch';
import { useSigningStore } from '../signing';
import type { PickedKind } from './requests-selection';

/**
 * What is selected and what will be signed of it: the counts per action, what the filters and the
 * search hide (said, never acted on unseen), what no longer allows the action it was picked for
 * (left out), and the buttons to sign or clear.
 */
export function SelectionBar({
  selected,
  toSign,
  hidden,
  changed,
  picked,
  drop,
  clear,
}: {
  selected: readonly RequestRow[];
  toSign: RequestRow[];
  hidden: readonly RequestRow[];
  changed: readonly RequestRow[];
  picked: Readonly<Record<string, PickedKind>>;
  drop(ids: string[]): void;
  clear(): void;
}) {
  if (selected.length === 0) return null;
  const counts = {
    claim: toSign.filter((r) => r.action?.kind === 'claim').length,
    cancel: toSign.filter((r) => r.action?.kind === 'cancel').length,
    none: toSign.filter((r) => !r.action).length,
  };
  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected requests" data-testid="request-selection">
      <span>
        {selected.length} selected: {counts.claim} to claim, {counts.cancel} to cancel
        {counts.none ? `, ${counts.none} with nothing to do now` : ''}
      </span>
      {hidden.length ? (
        <span className="warn-text" data-testid="selection-hidden">
          {hidden.length} of them {hidden.length === 1 ? 'is' : 'are'} hidden by the filters or the search, and included.{' '}
          <button type="button" className="link-button" onClick={() => drop(hidden.map((r) => r.id))}>
            Unselect the {hidden.length} hidden
          </button>
        </span>
      ) : null}
      {changed.length ? (
        <span className="warn-text" data-testid="selection-changed">
          {changed.length} picked to {picked[changed[0]!.id]} no longer allow{changed.length === 1 ? 's' : ''} it (
          {changed[0]!.action
            ? `now: ${actionLabel(changed[0]!.action.functionName, changed[0]!.action.contract).toLowerCase()}`
            : 'nothing to do now'}
          ): left out.{' '}
          <button type="button" className="link-button" onClick={() => drop(changed.map((r) => r.id))}>
            Unselect {changed.length === 1 ? 'it' : 'them'}
          </button>
        </span>
      ) : null}
      <SignSelectionButton rows={toSign} />
      <button type="button" className="button button-small" onClick={clear}>
        Clear
      </button>
    </div>
  );
}

/**
 * Starts a signing plan for the selection: one kind of action (claims, or cancels) at a time,
 * across as many vaults as selected, as one batch. When it cannot start, it says why as text.
 */
function SignSelectionButton({ rows }: { rows: RequestRow[] }) {
  const go = useNavigationStore((s) => s.go);
  const makePlan = useSigningStore((s) => s.makePlan);
  const planning = useSigningStore((s) => s.planning);
  const actionable = rows.filter((r) => r.action);
  const byVault = new Map<string, RequestRow[]>();
  for (const r of actionable) byVault.set(r.vaultId, [...(byVault.get(r.vaultId) ?? []), r]);
  const kinds = new Set(actionable.map((r) => r.action!.kind));
  const tooLarge =
    byVault.size > 1 &&
    (byVault.size > ACROSS_VAULTS.vaults ||
      [...byVault.values()].some(
        (list) => list.length > ACROSS_VAULTS.requests || new Set(list.map((r) => r.wallet)).size > ACROSS_VAULTS.wallets,
      ));
  const fits = actionable.length > 0 && kinds.size === 1 && !tooLarge;
  const kind = [...kinds][0];
  const why =
    actionable.length === 0
      ? 'Nothing selected can be claimed or cancelled now.'
      : kinds.size > 1
        ? 'Claims and cancels go in separate batches: unselect one kind.'
        : tooLarge
          ? `One review holds at most ${ACROSS_VAULTS.vaults} vaults of ${ACROSS_VAULTS.requests.toLocaleString('en-US')} requests each: select fewer, or sign vault by vault.`
          : null;
  const noun = kind === 'cancel' ? 'cancel' : 'claim';
  return (
    <>
      <button
        type="button"
        className="button button-small button-primary"
        disabled={!fits || planning}
        onClick={() => {
          const parts = [...byVault.entries()].map(([vaultId, list]) => ({
            vaultId,
            wallets: [...new Set(list.map((r) => r.wallet))],
            requestIds: list.map((r) => r.id),
          }));
          void makePlan({
            vaultId: parts[0]!.vaultId,
            action: noun,
            wallets: [...new Set(actionable.map((r) => r.wallet))],
            requestIds: actionable.map((r) => r.id),
            ...(parts.length > 1 ? { parts } : {}),
          });
          go('signing');
        }}
      >
        {planning
          ? 'Preparing…'
          : fits
            ? `Review and sign ${actionable.length} ${noun}${actionable.length === 1 ? '' : 's'}${byVault.size > 1 ? ` in ${byVault.size} vaults` : ''}`
            : 'Review and sign'}
      </button>
      {why ? (
        <span className="warn-text" data-testid="sign-selection-why">
          {why}
        </span>
      ) : null}
    </>
  );
}
