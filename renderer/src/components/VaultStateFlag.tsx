import type { VaultCycle } from '../../../shared/portfolio/schemas';
import { KnownValue } from './KnownValue';

/**
 * What an operator must not miss about a vault wherever it is listed: defaulted (its borrower
 * failed during an epoch: nothing more is earned or claimed as usual), paused between epochs, or
 * marked paused or disabled by the service. Nothing for a vault in its normal cycle.
 */
export function vaultAlert(cycle: VaultCycle | null | undefined, serviceStatus?: string | null): { label: string; detail: string } | null {
  if (cycle?.state === 'DEFAULTED') {
    return {
      label: 'Defaulted',
      detail: 'The borrower defaulted during an epoch: its figures and rates are not those of a running vault.',
    };
  }
  // The epoch vault is paused during every running epoch by design; only a pause between epochs is news.
  if (cycle?.paused && cycle.state === 'WAITING')
    return { label: 'Paused', detail: 'The vault is paused between epochs: deposits and redeems are refused.' };
  const status = serviceStatus?.toUpperCase();
  if (status === 'PAUSED') return { label: 'Paused', detail: 'The service marks this vault paused.' };
  if (status === 'DISABLED') return { label: 'Disabled', detail: 'The service marks this vault disabled.' };
  return null;
}

/** The alert as a red pill beside the vault's name, with its explanation on hover. */
export function VaultStateFlag({ cycle, serviceStatus }: { cycle: VaultCycle | null | undefined; serviceStatus?: string | null }) {
  const alert = vaultAlert(cycle, serviceStatus);
  if (!alert) return null;
  return (
    <span className="pill pill-bad vault-flag" title={alert.detail} data-vault-flag={alert.label}>
      {alert.label}
    </span>
  );
}

const SERVICE_STATUS_CLASS: Record<string, string> = { READY: 'pill-ok', PAUSED: 'pill-warn', DISABLED: 'pill-muted' };

/**
 * A catalog vault's status cell: the alert its cycle gives first, then the service's own status word
 * (greyed under an alert, since READY does not tell a defaulted or paused vault), marked when the
 * console does not know the word.
 */
export function VaultStatusCell({ cycle, status }: { cycle: VaultCycle | null | undefined; status: string | null | undefined }) {
  const alerted = vaultAlert(cycle) !== null;
  return (
    <>
      <VaultStateFlag cycle={cycle} />{' '}
      <KnownValue kind="vaultStatus" value={status ?? 'unknown'}>
        <span
          className={`pill ${alerted ? 'pill-muted' : (SERVICE_STATUS_CLASS[status ?? ''] ?? 'pill-muted')}`}
          title={alerted ? 'The service\u2019s own status for this vault' : undefined}
        >
          {status ?? 'unknown'}
        </span>
      </KnownValue>
    </>
  );
}
