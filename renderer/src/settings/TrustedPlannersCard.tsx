import { useEffect, useState } from 'react';
import type { TrustedPlannerEntry, TrustedPlannerView } from '../../../shared/bundles/ipc';
import { plainText } from '../../../shared/bundles/plain-text';
import { PLANNER_PATH } from '../../../shared/device/paths';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable } from '../components/SimpleTable';

const CHECKED_BY: Record<TrustedPlannerEntry['checkedBy'], string> = {
  device: 'shown on its Ledger',
  'command-line': 'given on the command line',
  simulation: "the simulation's planner",
};

/**
 * The planners this offline install trusts: an unsigned bundle is reviewed only when its planner
 * signature recovers to one of them. A planner is added once, after its Ledger (plugged in here)
 * showed the same address as the one typed in. A public development key (anyone can sign with it)
 * is never added, and one found in the file is listed as ignored, to remove.
 */
export function TrustedPlannersCard() {
  const [planners, setPlanners] = useState<TrustedPlannerView[] | null>(null);
  const [unreadable, setUnreadable] = useState<AppErrorData | null>(null);
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [path, setPath] = useState(PLANNER_PATH);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  useEffect(() => {
    call(getBridge().bundles.planners({}))
      .then(setPlanners)
      .catch((err: unknown) => setUnreadable(errorData(err)));
  }, []);
  const add = async () => {
    setBusy(true);
    setAdded(null);
    try {
      setPlanners(await call(getBridge().bundles.addPlanner({ address: address.trim(), label: label.trim(), path: path.trim() })));
      setAdded(address.trim());
      setAddress('');
      setLabel('');
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (which: string) => {
    try {
      setPlanners(await call(getBridge().bundles.removePlanner({ address: which })));
      setAdded(null);
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    }
  };
  return (
    <div className="card" data-testid="trusted-planners-card">
      <h2>Trusted planners</h2>
      <p className="muted">
        Every unsigned bundle carries the signature of the account that planned it. Only bundles signed by an address listed here are
        reviewed; any other is refused. The planner signs with its own account, {PLANNER_PATH}, which no wallet uses. To add one, plug in
        the planner's Ledger here: it shows the address at the path given, to compare with the one typed in before you approve it on the
        device.
      </p>
      {planners && planners.length > 0 ? (
        <SimpleTable
          label="Trusted planners"
          rows={planners}
          rowKey={(p) => p.address}
          rowProps={(p) => ({ 'data-planner': p.address, 'data-ignored': p.publicKey ? 'true' : undefined })}
          columns={[
            { key: 'planner', header: 'Planner', cell: (p) => plainText(p.label) },
            {
              key: 'address',
              header: 'Address',
              cell: (p) => (
                <>
                  <code>{p.address}</code>
                  {p.publicKey ? (
                    <div className="cell-sub" data-testid="planner-ignored">
                      <span className="pill pill-warn">ignored</span> {p.publicKey}: anyone can sign with it, so it is never trusted here.
                      Remove it.
                    </div>
                  ) : null}
                </>
              ),
            },
            {
              key: 'added',
              header: 'Added',
              cell: (p) => (
                <>
                  {p.addedAt.slice(0, 10)}
                  <div className="cell-sub">{CHECKED_BY[p.checkedBy]}</div>
                </>
              ),
            },
            {
              key: 'remove',
              header: null,
              headerLabel: 'Remove',
              cell: (p) => (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => void remove(p.address)}
                  aria-label={`Remove ${plainText(p.label)}`}
                >
                  Remove
                </button>
              ),
            },
          ]}
        />
      ) : planners && !unreadable ? (
        <p className="muted" data-testid="no-planner">
          No planner is trusted yet: every unsigned bundle is refused until one is added.
        </p>
      ) : null}
      {unreadable ? (
        <ErrorNotice error={unreadable} title="The trusted planners cannot be read: no bundle or registry file is taken." />
      ) : null}
      <h3 className="cell-title">Add a planner</h3>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label className="field">
          <span>Planner address</span>
          <input
            name="plannerAddress"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            spellCheck={false}
            placeholder="0x…"
            maxLength={42}
          />
        </label>
        <label className="field">
          <span>Label</span>
          <input name="plannerLabel" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={64} placeholder="Planning desk" />
        </label>
        <label className="field">
          <span>Ledger path of the planner account</span>
          <input name="plannerPath" value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} maxLength={120} />
        </label>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy || !address.trim() || !label.trim()}>
            Show on the Ledger and add
          </button>
        </div>
      </form>
      {busy ? (
        <div className="notice notice-info" role="status" data-testid="planner-on-device">
          <p>
            Compare the address on the Ledger's screen with <code>{address.trim()}</code>, character by character, then approve it on the
            device (reject it there if they differ).
          </p>
        </div>
      ) : null}
      {added ? (
        <div className="notice notice-ok" role="status" data-testid="planner-added">
          <p>
            <code>{added}</code> is trusted: bundles it signs are reviewed here.
          </p>
        </div>
      ) : null}
      {failure ? <ErrorNotice error={failure} title="The planner was not added." focus /> : null}
    </div>
  );
}
