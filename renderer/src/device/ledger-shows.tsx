import { APP_FEATURES, appSupports, withSender, type DeviceScreen } from '../../../shared/device';
import { useDeviceStore } from './device-store';

/** The Ethereum app's version as the console last read it, or null before it has. */
export function useEthereumAppVersion(): string | null {
  return useDeviceStore((s) => (s.state?.status === 'ready' ? s.state.appVersion : null));
}

/** The screens the Ledger will show, with the signing account ("From") the app adds. */
export function screensOnLedger(screens: DeviceScreen[], from: string | undefined, appVersion: string | null): DeviceScreen[] {
  return from ? withSender(screens, from, appVersion ?? undefined) : screens;
}

/** The intent and fields of a call the generic parser shows in clear (its review names what it interacts with). */
function clearSignedCall(screens: DeviceScreen[]): { intent: string; fields: string } | null {
  const start = screens.findIndex((s) => s.title === 'Interaction with');
  if (start < 0) return null;
  const intent = screens[0]?.value?.replace(/^to /, '') ?? '';
  const end = screens.findIndex((s) => s.title === 'Network' || s.title === 'Max fees');
  const fields = screens.slice(start + 1, end < 0 ? undefined : end).map((s) => `${s.title} ${s.value ?? ''}`.trim());
  return { intent, fields: fields.join(', ') };
}

/**
 * One sentence on what the Ledger shows to compare, worded for the app version the console read:
 * the hash of a blind-signed call (from 1.14.0, which the console requires), or an approval shown
 * in clear from Ledger's token information.
 */
export function LedgerShows(props: { screens: DeviceScreen[]; signingHash: string }) {
  return <LedgerShowsFor {...props} version={useEthereumAppVersion()} />;
}

/** The same for a given app version (null: not read yet). */
export function LedgerShowsFor({
  screens,
  signingHash,
  version,
}: {
  screens: DeviceScreen[];
  signingHash: string;
  version: string | null;
}) {
  const hashShown = screens.some((s) => s.title === 'Transaction hash');
  const described = !hashShown ? clearSignedCall(screens) : null;
  if (described) {
    return (
      <div className="cell-sub" data-testid="ledger-shows">
        Clear signing: the Ledger shows this call from its certified descriptor, &ldquo;{described.intent}&rdquo;
        {described.fields ? <> ({described.fields})</> : null}; compare it before approving. No blind signing is needed.
      </div>
    );
  }
  if (!hashShown) {
    const amount = screens.find((s) => s.title === 'Amount')?.value;
    const spender = screens.find((s) => s.title === 'Approve to' || s.title === 'Address')?.value;
    return (
      <div className="cell-sub" data-testid="ledger-shows">
        Clear signing: the Ledger shows this approval from Ledger&apos;s token information{amount ? <> ({amount}</> : null}
        {spender ? (
          <>
            {' '}
            to <code>{spender}</code>)
          </>
        ) : amount ? (
          ')'
        ) : null}
        ; compare it before approving. No blind signing is needed.
      </div>
    );
  }
  const required = APP_FEATURES.blindSigningHash;
  const app = version
    ? appSupports(version, 'blindSigningHash')
      ? `the Ledger (Ethereum app ${version}) shows the hash`
      : `the Ethereum app on the Ledger is ${version}, which shows no hash: update it to ${required} or later in Ledger Live before signing. From ${required} it shows the hash`
    : `the Ethereum app shows the hash (from version ${required}, which Vaultdesk checks before signing)`;
  return (
    <div className="blind" data-testid="ledger-shows">
      Blind signing: {app} <code>{signingHash}</code>; compare it before approving.
    </div>
  );
}
