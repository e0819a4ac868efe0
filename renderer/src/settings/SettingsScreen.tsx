import { useEffect, useState, type FormEvent } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { Screen } from '../components/ScreenHeader';
import { ErrorNotice } from '../components/ErrorNotice';
import { useSettingsStore } from './settings-store';
import { RegistryCard } from './RegistryCard';
import { LinkHostsCard } from './LinkHostsCard';
import { ChainsCard } from './ChainsCard';
import { OfflineRecordsCard } from './OfflineRecordsCard';
import { LedgerTokensCard } from './LedgerTokensCard';
import { LedgerDeskCard } from '../device';
import { DemoClockControls } from './DemoClockControls';
import { KeyFileSection, saveBlockedReason } from './KeyFileSection';
import { keyAbsence } from './key-absence';

export function SettingsScreen() {
  const { status, busy, test, error, notice, localAddress, load, testConnection, save, remove, forget } = useSettingsStore();
  const info = useNavigationStore((s) => s.info);
  // Until the user types, the field shows the saved address; after that, only what they typed.
  const [serviceUrlDraft, setServiceUrl] = useState<string | null>(null);
  const serviceUrl = serviceUrlDraft ?? status?.serviceUrl ?? '';
  const [apiKey, setApiKey] = useState('');
  const saveBlocked = saveBlockedReason(status);
  // Why a saved address is read without a key (never saved, key file locked, keychain unreadable).
  const absence = keyAbsence(status);

  useEffect(() => {
    void load();
  }, [load]);

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    // The key field is cleared only once the keychain holds it; on failure the input stays.
    if (await save(serviceUrl.trim(), apiKey.trim())) setApiKey('');
  };

  return (
    <Screen name="settings" title="Settings" subtitle="Connection to the credit vault service">

      <div className="card">
        <h2>Service API key</h2>
        <p className="muted">
          The key is kept in your operating system's keychain (or, where there is none, in an encrypted key file) and used only by the
          console's background process. This window never sees it again after you save it; it is not written to any log.
        </p>

        <dl className="facts" aria-label="Key status">
          <dt>Now reading</dt>
          <dd data-testid="current-source">
            {info?.mode === 'demo'
              ? 'The embedded simulation (demo)'
              : info?.mode === 'offline'
                ? 'Nothing: offline mode'
                : info?.mode === 'public'
                  ? `${info.serviceUrl}, public data only (${absence.reason})`
                  : info?.serviceUrl}
          </dd>
          <dt>Saved key</dt>
          <dd data-testid="key-status">
            {status === null
              ? '…'
              : status.configured
                ? `Configured · ${status.fingerprint}${status.keyFile ? ' · in the key file' : ''}`
                : status.keyFile === 'locked'
                  ? 'Unknown until the key file is unlocked'
                  : 'None'}
            {status?.configured && status.serviceUrl ? <span className="cell-sub"> for {status.serviceUrl}</span> : null}
          </dd>
        </dl>

        {status && !status.keychainAvailable && status.keyFile === 'unlocked' ? (
          <p className="cell-sub" data-testid="keychain-fallback">
            The OS keychain cannot be reached ({(status.keychainProblem ?? 'unknown reason').replace(/\.$/, '')}): the key is kept in the
            encrypted key file below.
          </p>
        ) : status && !status.keychainAvailable ? (
          <ErrorNotice
            error={{
              code: 'KEYCHAIN_UNAVAILABLE',
              message: `The OS keychain cannot be reached: ${(status.keychainProblem ?? 'unknown reason').replace(/\.$/, '')}.`,
              action:
                'Keep the key in the encrypted key file below, or install and unlock a Secret Service (GNOME Keyring or KWallet) on Linux, or log in to your desktop session, and reopen Settings. Demo mode works without a key.',
            }}
          />
        ) : null}
        {status && !status.keychainAvailable ? <KeyFileSection status={status} /> : null}

        {info?.mode === 'public' ? (
          <div className="notice notice-info" role="status" data-testid="public-mode-notice">
            <strong className="notice-title">Read-only: {absence.reason === 'no API key' ? 'no key for this service' : absence.reason}</strong>
            <p>
              The console reads only what the service answers without a key: vaults, their latest blocks and performance, operators
              and tokens. Your wallets' balances and requests are read from the chains through your RPCs below, and from the vaults' latest
              blocks.
            </p>
            <p className="notice-action">
              Add the key you were issued here to see the service's request and position records, transactions, campaigns and epoch
              history, and to sign.
            </p>
            <p>
              <button type="button" className="link-button" disabled={busy !== null} onClick={() => void forget()}>
                {busy === 'forget' ? 'Forgetting…' : 'Forget this address and use the demo'}
              </button>
            </p>
          </div>
        ) : null}

        <form className="form" onSubmit={(e) => void onSave(e)} autoComplete="off">
          <label className="field">
            <span>Service address</span>
            <input
              name="serviceUrl"
              type="url"
              required
              placeholder="https://api.example.com"
              value={serviceUrl}
              onChange={(e) => setServiceUrl(e.target.value)}
              spellCheck={false}
            />
          </label>
          <label className="field">
            <span>{status?.configured ? 'Replace the key' : 'API key'}</span>
            <input
              name="apiKey"
              type="password"
              placeholder={status?.configured ? 'Paste a new key to replace the saved one' : 'Paste the key you were issued'}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              disabled={busy !== null || (!apiKey && !status?.configured)}
              onClick={() => void testConnection(serviceUrl.trim(), apiKey.trim())}
            >
              {busy === 'test' ? 'Testing…' : apiKey ? 'Test this key' : 'Test saved key'}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={busy !== null || !apiKey || !serviceUrl || saveBlocked !== null}
              aria-describedby={saveBlocked ? 'save-blocked' : undefined}
            >
              {busy === 'save' ? 'Saving…' : status?.configured ? 'Replace key' : status?.keyFile ? 'Save to key file' : 'Save to keychain'}
            </button>
            {status?.configured ? (
              <button type="button" className="button button-danger" disabled={busy !== null} onClick={() => void remove()}>
                {busy === 'remove' ? 'Removing…' : 'Remove key'}
              </button>
            ) : null}
          </div>
          {saveBlocked ? (
            <p className="cell-sub" id="save-blocked" data-testid="save-blocked">
              {saveBlocked}
            </p>
          ) : null}
        </form>

        {test ? (
          <div className={`notice ${test.ok ? 'notice-ok' : 'notice-error'}`} role="status" data-testid="connection-test">
            <strong className="notice-title">{test.ok ? 'Connection works' : 'Connection failed'}</strong>
            <p>{test.message}</p>
            <p className="cell-sub">
              {test.ok && test.vaultCount !== null ? `${test.vaultCount} vaults listed · ` : ''}answered in {test.latencyMs} ms
            </p>
          </div>
        ) : null}
        {notice ? (
          <div className="notice notice-ok" role="status">
            <p>{notice}</p>
          </div>
        ) : null}
        {error ? <ErrorNotice error={error} focus /> : null}
        {localAddress !== null && localAddress === serviceUrl.trim() && apiKey ? (
          <div data-testid="confirm-local-address">
            <p className="cell-sub">Only if you run the service on your own network: the key is then sent to {localAddress}.</p>
            <div className="form-actions">
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => void testConnection(serviceUrl.trim(), apiKey.trim(), { allowPrivateAddress: true })}
              >
                Test this local-network address anyway
              </button>
            </div>
          </div>
        ) : null}
      </div>

      {info?.mode === 'demo' && info.simulation === 'ready' ? <DemoClockControls /> : null}
      <ChainsCard />
      <OfflineCard />
      <OfflineRecordsCard />
      <LinkHostsCard />
      {/* Offline, the registry is the online install's signed export: it is imported above, not exported from here. */}
      {info?.mode === 'offline' ? null : <RegistryCard />}
      <LedgerTokensCard />
      <LedgerDeskCard />
    </Screen>
  );
}

/** Turns this install into an offline-review one: no connection to the service, the chains or anything else. */
function OfflineCard() {
  const info = useNavigationStore((s) => s.info);
  const setInfo = useNavigationStore((s) => s.setInfo);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  // Shows the choice at once; the mode follows when the console has switched.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const offline = wanted ?? info?.mode === 'offline';
  const toggle = async (on: boolean) => {
    setWanted(on);
    try {
      setInfo(await call(getBridge().settings.setOffline({ offline: on })));
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    } finally {
      setWanted(null);
    }
  };
  return (
    <div className="card">
      <h2>Offline-review install</h2>
      <p className="muted">
        For an air-gapped machine that reviews and signs batches prepared elsewhere. The console then opens no network connection at
        all: not to the service, not to any chain. Wallets and the Ledger keep working.
      </p>
      <label className="toggle">
        <input type="checkbox" checked={offline} onChange={(e) => void toggle(e.target.checked)} aria-label="Never connect to the network (offline-review install)" /> Never connect to
        the network
      </label>
      {failure ? <ErrorNotice error={failure} focus /> : null}
    </div>
  );
}
