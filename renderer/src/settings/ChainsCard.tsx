import './chains.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChainRpcsEntry, RpcTest } from '../../../shared/chains/schemas';
import { ErrorNotice } from '../components/ErrorNotice';
import { useNavigationStore } from '../navigation/navigation-store';
import { useChainsStore } from './chains-store';

/**
 * Settings → Chains: the operator's own RPC addresses per chain, in the order they are tried.
 * Every balance, plan and on-chain check of a vault is read through them; an address is tested
 * (chain id, latest block) before it is added. The service's RPCs are suggestions only.
 */
export function ChainsCard() {
  const { view, error, load } = useChainsStore();
  const mode = useNavigationStore((s) => s.info?.mode);
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  const section = useNavigationStore((s) => s.section);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void load();
  }, [load, sourceVersion]);
  // Opened from a "no RPC" notice: bring the card into view.
  useEffect(() => {
    if (section === 'chains' && view) card.current?.scrollIntoView({ block: 'start' });
  }, [section, view]);

  return (
    <div className="card chains-card" id="chains" ref={card} data-testid="chains-card">
      <h2 id="chains-title">Chains</h2>
      <p className="muted">
        Balances, plans and the on-chain checks of every vault are read through your own RPCs, in the order listed here: when one does not
        answer, the next is asked. An address is tested before it is added. The RPCs the service lists are only suggestions, used once you
        choose them.
      </p>
      {mode === 'demo' ? (
        <p className="muted">The demo sets the RPCs of its local chains itself; the ones you add serve the live console.</p>
      ) : null}
      {mode === 'public' ? (
        <p className="muted" data-testid="chains-public">
          Without an API key the service does not say which chain a vault is on: the console finds it among the chains you set an RPC
          for here (the one holding the vault's contract). A vault on a chain without your RPC is not shown.
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} focus /> : null}
      {view?.serviceError ? (
        <ErrorNotice
          error={{ ...view.serviceError, message: `The service's chain list could not be read: ${view.serviceError.message}` }}
        />
      ) : null}
      {view === null ? (
        <p className="muted">…</p>
      ) : view.chains.length === 0 ? (
        <p className="muted">
          {mode === 'public' ? 'No RPC of yours is set yet.' : 'No chain is known yet: the service names its chains once the console reads it.'}
        </p>
      ) : (
        view.chains.map((chain) => <ChainRpcs key={chain.chainId} chain={chain} />)
      )}
      {mode === 'public' && view ? <NewChainRpc known={view.chains.map((c) => c.chainId)} /> : null}
    </div>
  );
}

/** Without a key the service names no chain: the operator adds a chain's first RPC by its chain id. */
function NewChainRpc({ known }: { known: number[] }) {
  const { testing, tests, add } = useChainsStore();
  const [chainIdDraft, setChainId] = useState('');
  const [url, setUrl] = useState('');
  const chainId = /^\d{1,12}$/.test(chainIdDraft.trim()) ? Number(chainIdDraft.trim()) : null;
  const test = chainId !== null && !known.includes(chainId) ? tests[chainId] : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chainId !== null && (await add(chainId, url.trim()))) {
      setChainId('');
      setUrl('');
    }
  };
  return (
    <section className="chain-rpcs" aria-label="Another chain">
      <h3>Another chain</h3>
      <form className="rpc-add" onSubmit={(e) => void submit(e)} autoComplete="off">
        <label className="field rpc-chain-id">
          <span>Chain id</span>
          <input inputMode="numeric" value={chainIdDraft} placeholder="1" onChange={(e) => setChainId(e.target.value)} aria-label="Chain id" />
        </label>
        <RpcAddressField label="Its RPC address" name="RPC address for another chain" value={url} onChange={setUrl} />
        <button type="submit" className="button" disabled={testing !== null || chainId === null || url.trim() === ''}>
          {testing !== null && testing.chainId === chainId ? 'Testing…' : 'Test and add'}
        </button>
      </form>
      {test ? <RpcTestResult test={test} /> : null}
    </section>
  );
}

function ChainRpcs({ chain }: { chain: ChainRpcsEntry }) {
  const { testing, tests, add, remove, move } = useChainsStore();
  const [draft, setDraft] = useState('');
  const busy = testing?.chainId === chain.chainId;
  const test = tests[chain.chainId];
  const demo = chain.setBy === 'demo';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await add(chain.chainId, draft.trim())) setDraft('');
  };
  return (
    <section className="chain-rpcs" data-chain-id={chain.chainId} aria-label={`${chain.name} RPCs`}>
      <h3>
        {chain.name} {chain.name.includes(String(chain.chainId)) ? null : <span className="cell-sub">chain {chain.chainId}</span>}{' '}
        {demo ? (
          <span className="pill pill-muted">set by the demo</span>
        ) : chain.rpcs.length === 0 ? (
          <span className="pill pill-warn" data-testid="no-rpc">
            no RPC: not read, nothing planned
          </span>
        ) : (
          <span className="pill pill-ok">
            {chain.rpcs.length} RPC{chain.rpcs.length === 1 ? '' : 's'}
          </span>
        )}
      </h3>
      {chain.rpcs.length > 0 ? (
        <ol className="rpc-list" aria-label={`RPCs of ${chain.name}, in the order they are tried`}>
          {chain.rpcs.map((url, i) => (
            <RpcRow
              key={url}
              url={url}
              actions={
                demo
                  ? []
                  : [
                      { label: 'Earlier', name: `Try ${url} earlier`, disabled: i === 0, run: () => move(chain.chainId, url, 'up') },
                      {
                        label: 'Later',
                        name: `Try ${url} later`,
                        disabled: i === chain.rpcs.length - 1,
                        run: () => move(chain.chainId, url, 'down'),
                      },
                      { label: 'Remove', name: `Remove ${url}`, run: () => remove(chain.chainId, url) },
                    ]
              }
            />
          ))}
        </ol>
      ) : null}
      {demo ? null : (
        <>
          <form className="rpc-add" onSubmit={(e) => void submit(e)} autoComplete="off">
            <RpcAddressField label={`Add an RPC for ${chain.name}`} name={`RPC address for chain ${chain.chainId}`} value={draft} onChange={setDraft} />
            <button type="submit" className="button" disabled={busy || draft.trim() === ''}>
              {busy && testing?.url === draft.trim() ? 'Testing…' : 'Test and add'}
            </button>
          </form>
          {chain.suggestions.length > 0 ? (
            <div className="rpc-suggestions">
              <p className="cell-sub">Suggested by the service (not used unless you choose one; it is tested first):</p>
              <ul aria-label={`RPCs the service suggests for ${chain.name}`}>
                {chain.suggestions.map((url) => (
                  <RpcRow
                    key={url}
                    url={url}
                    buttons="button"
                    actions={[
                      {
                        label: busy && testing?.url === url ? 'Testing…' : 'Use this RPC',
                        name: `Use this RPC: ${url}`,
                        disabled: busy,
                        run: () => add(chain.chainId, url),
                      },
                    ]}
                  />
                ))}
              </ul>
            </div>
          ) : null}
          {test ? <RpcTestResult test={test} /> : null}
        </>
      )}
    </section>
  );
}

/** Where an RPC address is typed, for a chain listed or another one: a URL, never spell-checked. */
function RpcAddressField({ label, name, value, onChange }: { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input type="url" value={value} placeholder="https://…" onChange={(e) => onChange(e.target.value)} spellCheck={false} aria-label={name} />
    </label>
  );
}

/** What a button beside an RPC address does, and its name for a screen reader (which address it acts on). */
interface RpcAction {
  label: string;
  name: string;
  disabled?: boolean;
  run(): Promise<unknown>;
}

/**
 * One RPC address with its buttons: those in use (moved or removed) as quiet links, a suggestion's
 * "Use this RPC" as a button.
 */
function RpcRow({ url, actions, buttons = 'link' }: { url: string; actions: RpcAction[]; buttons?: 'link' | 'button' }) {
  return (
    <li>
      <code>{url}</code>{' '}
      {actions.length > 0 ? (
        <span className="rpc-actions">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              className={buttons === 'link' ? 'link-button' : 'button rpc-use'}
              disabled={a.disabled}
              onClick={() => void a.run()}
              aria-label={a.name}
            >
              {a.label}
            </button>
          ))}
        </span>
      ) : null}
    </li>
  );
}

function RpcTestResult({ test }: { test: RpcTest }) {
  return (
    <div
      className={`notice ${test.ok ? 'notice-ok' : 'notice-error'}`}
      role={test.ok ? 'status' : 'alert'}
      data-testid="rpc-test"
      data-code={test.code ?? 'ok'}
    >
      <strong className="notice-title">{test.ok ? `Added ${test.url}` : `Not added: ${test.url}`}</strong>
      <p>{test.message}</p>
      {test.action ? <p className="notice-action">{test.action}</p> : null}
      <p className="cell-sub">answered in {test.latencyMs} ms</p>
    </div>
  );
}
