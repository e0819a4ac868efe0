import './key-file.css';
import { useState, type FormEvent } from 'react';
import type { ApiKeyStatus } from '../../../shared/ipc/schemas';
import { useSettingsStore } from './settings-store';

/** The shortest passphrase the key file takes (the main side says so too). */
const MIN_PASSPHRASE = 12;

/** Why Save cannot keep a key now, before one is typed; null when it can. */
export function saveBlockedReason(status: ApiKeyStatus | null): string | null {
  if (!status || status.keychainAvailable || status.keyFile === 'unlocked') return null;
  return status.keyFile === 'locked'
    ? 'Save is off: the OS keychain cannot be reached and the encrypted key file is locked. Enter its passphrase below first.'
    : 'Save is off: the OS keychain cannot be reached, so there is nowhere to keep the key yet. Create the encrypted key file below first.';
}

/**
 * Without a keychain (a headless machine with no Secret Service): the key in a file encrypted
 * under a passphrase, made, unlocked once per run, locked or removed here.
 */
export function KeyFileSection({ status }: { status: ApiKeyStatus }) {
  const { busy, unlockKeyFile, lockKeyFile, removeKeyFile } = useSettingsStore();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const making = status.keyFile === 'absent';
  const waitingFor = !passphrase
    ? 'Enter a passphrase.'
    : making && passphrase.length < MIN_PASSPHRASE
      ? `The passphrase needs at least ${MIN_PASSPHRASE} characters.`
      : making && repeat !== passphrase
        ? 'Repeat the same passphrase.'
        : null;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // Cleared once the file is open; kept on a refusal so a typo can be fixed.
    if (await unlockKeyFile(passphrase)) {
      setPassphrase('');
      setRepeat('');
    }
  };
  return (
    <section className="key-file" data-testid="key-file" data-state={status.keyFile}>
      <h3>Encrypted key file</h3>
      <p className="muted" data-testid="key-file-tradeoff">
        Without a keychain the key can be kept in a file in the console's data folder, encrypted (AES-256-GCM) under a key derived from a
        passphrase you choose (scrypt). The passphrase is never saved: you enter it each time the console starts, and until then the
        service is read without its key. The trade-off: anyone who copies the file can try passphrases on it offline, and your login does
        not protect it as a keychain would. Choose a long passphrase and keep the data folder private.
      </p>
      {status.keyFile === 'unlocked' ? (
        <div className="form-actions">
          <span data-testid="key-file-state">Unlocked for this session.</span>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void lockKeyFile()}>
            Lock the key file
          </button>
        </div>
      ) : (
        <form className="form" onSubmit={(e) => void onSubmit(e)} autoComplete="off" aria-label={making ? 'Create the key file' : 'Unlock the key file'}>
          <p data-testid="key-file-state">{making ? 'No key file yet.' : 'The key file is locked: enter its passphrase to read the key.'}</p>
          <label className="field">
            <span>{making ? 'New passphrase' : 'Passphrase'}</span>
            <input type="password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} autoComplete="off" spellCheck={false} />
          </label>
          {making ? (
            <label className="field">
              <span>Repeat the passphrase</span>
              <input type="password" value={repeat} onChange={(e) => setRepeat(e.target.value)} autoComplete="off" spellCheck={false} />
            </label>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy !== null || waitingFor !== null}>
              {busy === 'key-file' ? 'Deriving the key…' : making ? 'Create the key file' : 'Unlock'}
            </button>
            {waitingFor ? <span className="cell-sub">{waitingFor}</span> : null}
          </div>
        </form>
      )}
      {status.keyFile === 'absent' ? null : (
        <p className="cell-sub">
          Passphrase lost?{' '}
          <button type="button" className="link-button" disabled={busy !== null} onClick={() => void removeKeyFile()}>
            Remove the key file
          </button>{' '}
          (the key in it goes with it; save the key again afterwards).
        </p>
      )}
    </section>
  );
}
