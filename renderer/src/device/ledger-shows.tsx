import { APP_FEATURES, appSupports, CURRENT_APP_VERSION, DEFAULT_MODEL, modelName, type DeviceScreen } from '../../../shared/device';
import type { Review } from '../../../shared/signing/schemas';
import { useDeviceStore, type DeviceTarget } from './device-store';
import { screensForDevice } from './predict-review';
import './ledger-shows.css';

/** The model and app version the predictions are for, as last read from the device. */
export function useDeviceTarget(): DeviceTarget {
  return useDeviceStore((s) => s.target);
}

/** The screens the Ledger will show for a planned review, with the signing account ("From"), on the device read last. */
export function screensOnLedger(review: Review, from: string | undefined, device: DeviceTarget): DeviceScreen[] {
  return screensForDevice(review, from, device);
}

/** The intent and fields of a call the generic parser shows in clear (its review names what it interacts with). */
function clearSignedCall(screens: DeviceScreen[]): { intent: string; fields: string } | null {
  const start = screens.findIndex((s) => s.title === 'Interaction with');
  if (start < 0) return null;
  const intent = screens[0]?.title.replace(/^Review transaction to /, '') ?? '';
  const end = screens.findIndex((s) => s.title === 'Network' || s.title === 'Max fees');
  const fields = screens.slice(start + 1, end < 0 ? undefined : end).map((s) => `${s.title} ${s.value ?? ''}`.trim());
  return { intent, fields: fields.join(', ') };
}

/**
 * Which device the predicted screens are for: the model and app version read from the Ledger, or,
 * before they are read, the ones assumed (the current app on a Nano X), said so.
 */
export function PredictedFor({ device }: { device: DeviceTarget }) {
  const read = device.model !== null && device.appVersion !== null;
  const model = modelName(device.model ?? DEFAULT_MODEL);
  const version = device.appVersion ?? CURRENT_APP_VERSION;
  return (
    <div className="cell-sub" data-testid="predicted-for" data-model={device.model ?? ''} data-app-version={device.appVersion ?? ''}>
      As a {model} with Ethereum app {version} shows it
      {read
        ? ' (read from the device).'
        : `: ${device.model ? 'the app version' : device.appVersion ? 'the model' : 'the model and app version'} not read from the device yet (assumed). Connect the Ledger and open the Ethereum app to see yours.`}
    </div>
  );
}

/** The predicted screens, one per line: title, then value, as the Ledger pages through them. */
export function DeviceScreenList({ screens }: { screens: DeviceScreen[] }) {
  return (
    <ol className="device-screens">
      {screens.map((s, i) => (
        <li key={i}>
          <strong>{s.title}</strong> {s.value}
        </li>
      ))}
    </ol>
  );
}

/**
 * The screens the app's own settings add, which the console cannot read over USB: the Nonce (any
 * version) and, from 1.18, the hash on reviews shown in clear.
 */
export function OptionalScreens({ nonce }: { nonce: number }) {
  return (
    <div className="cell-sub" data-testid="optional-screens">
      With the Ethereum app&apos;s &quot;Nonce&quot; setting on, the Ledger also shows Nonce {nonce} before the fees.
    </div>
  );
}

/**
 * One sentence on what the Ledger shows to compare, worded for the device the console read: the
 * hash of a blind-signed call (from 1.14.0, which the console requires) and its label on that
 * model, or an approval shown in clear from its token's signed information (Ledger's list, or the
 * demo's test-certified one).
 */
export function LedgerShows(props: { screens: DeviceScreen[]; signingHash: string }) {
  const device = useDeviceTarget();
  return <LedgerShowsFor {...props} version={device.appVersion} model={device.model} />;
}

/** The same for a given app version and model (null: not read yet). */
export function LedgerShowsFor({
  screens,
  signingHash,
  version,
  model = null,
}: {
  screens: DeviceScreen[];
  signingHash: string;
  version: string | null;
  model?: DeviceTarget['model'];
}) {
  // A blind review opens with the blind-signing warning, in every version and layout.
  const blind = screens[0]?.title.startsWith('Blind signing') ?? false;
  const hashScreen = screens.find((s) => s.value?.toLowerCase() === signingHash.toLowerCase());
  const described = !blind ? clearSignedCall(screens) : null;
  if (described) {
    return (
      <div className="cell-sub" data-testid="ledger-shows">
        Clear signing: the Ledger shows this call from its certified descriptor, &ldquo;{described.intent}&rdquo;
        {described.fields ? <> ({described.fields})</> : null}; compare it before approving. No blind signing is needed.
      </div>
    );
  }
  if (!blind) {
    const amount = screens.find((s) => s.title === 'Approve' || s.title === 'Amount')?.value;
    const spender = screens.find((s) => s.title === 'Approve to' || s.title === 'Address')?.value;
    return (
      <div className="cell-sub" data-testid="ledger-shows">
        Clear signing: the Ledger shows this approval from the token&apos;s signed information{amount ? <> ({amount}</> : null}
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
  const device = model ? modelName(model) : 'the Ledger';
  const label = hashScreen ? `as "${hashScreen.title}"` : '';
  const app = version
    ? appSupports(version, 'blindSigningHash')
      ? `${device} (Ethereum app ${version}) shows the hash${label ? ` ${label}` : ''}`
      : `the Ethereum app on the Ledger is ${version}, which shows no hash: update it to ${required} or later in Ledger Live before signing. From ${required} it shows the hash`
    : `the Ethereum app shows the hash${label ? ` ${label}` : ''} (from version ${required}, which Vaultdesk checks before signing)`;
  return (
    <div className="blind" data-testid="ledger-shows">
      Blind signing: {app} <code>{signingHash}</code>; compare it before approving.
    </div>
  );
}
