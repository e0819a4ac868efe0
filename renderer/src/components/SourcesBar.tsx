import './sources.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { SetAside, SourceStatus } from '../../../shared/portfolio/schemas';
import { timeLabels } from '../components/format';
import { chainsWithoutRpc, NO_RPC_CODE, NoRpcNotice } from './NoRpcNotice';
import { SetAsideList } from './SetAsideList';
import { KeyNeededNotice } from './KeyNeededNotice';
import { ProviderLimits } from './ProviderLimits';
import { useServiceStateStore } from './service-state-store';
import { useSecondsLeft } from './use-countdown';
import { useFocusOnChange } from './focus/useFocusOnChange';

/** The service's source, as every screen names it. */
export const SERVICE_SOURCE_ID = 'service';
/** A read the console makes only with an API key (the service reads without one). */
const KEY_NEEDED_CODE = 'SERVICE_KEY_NEEDED';

/**
 * Where the figures come from and how fresh they are; a failed source says what to do. The
 * service's source also says how many records its latest reads set aside (the list opens on
 * click) and, while a rate limit holds every call, how long until calls flow again: a wait, not a
 * failure.
 */
export function SourcesBar({ sources }: { sources: SourceStatus[] }) {
  const init = useServiceStateStore((s) => s.init);
  useEffect(() => init(), [init]);
  const waitingUntilMs = useServiceStateStore((s) => s.state?.rateLimit.waitingUntilMs ?? null);
  const secondsLeft = useSecondsLeft(waitingUntilMs);
  const waiting = secondsLeft > 0;
  const [listOpen, setListOpen] = useState(false);
  const listId = useId();
  const opener = useRef<HTMLButtonElement>(null);

  const service = sources.find((s) => s.id === SERVICE_SOURCE_ID);
  const setAside: SetAside | null = service?.setAside && service.setAside.count > 0 ? service.setAside : null;
  // A source waiting for the rate limit is not failing: its calls go out once the pause is over.
  // A chain with no RPC of the operator's is not failing: it is not read. One notice says so for all of them.
  const noRpc = chainsWithoutRpc(sources);
  // Read without a key, what needs one is not failing either: one notice says where to add the key.
  const keyNeeded = sources.filter((s) => s.error?.code === KEY_NEEDED_CODE);
  const failed = sources.filter(
    (s) => !s.ok && !(waiting && s.id === SERVICE_SOURCE_ID) && s.error?.code !== NO_RPC_CODE && s.error?.code !== KEY_NEEDED_CODE,
  );
  const closeList = () => setListOpen(false);
  // Closed: the keyboard goes back to the button that opened the list.
  useFocusOnChange(opener, listOpen ? null : 'closed');

  return (
    <div className="sources" aria-label="Data sources">
      <ul className="source-list">
        {sources.map((s) => {
          const at = s.fetchedAtMs ? timeLabels(s.fetchedAtMs) : null;
          const isService = s.id === SERVICE_SOURCE_ID;
          const tone =
            isService && waiting
              ? 'source-waiting'
              : s.ok
                ? 'source-ok'
                : s.error?.code === NO_RPC_CODE || s.error?.code === KEY_NEEDED_CODE
                  ? 'source-no-rpc'
                  : 'source-bad';
          return (
            <li
              key={s.id}
              className={`source ${tone}`}
              data-source={s.id}
              title={at ? `Last answer ${at.utc}` : s.ok ? undefined : 'No answer yet'}
            >
              <span className="dot" aria-hidden="true" />
              {s.label}
              {isService && waiting ? (
                <span className="source-state" data-rate-limit-wait={secondsLeft}>
                  {' · '}
                  {/* Only the state is announced, not every tick of the countdown. */}
                  <span role="status">waiting for the service (rate limit)</span>, {secondsLeft} s
                </span>
              ) : s.error?.code === NO_RPC_CODE ? (
                <span className="source-state"> · no RPC of yours</span>
              ) : s.error?.code === KEY_NEEDED_CODE ? (
                <span className="source-state"> · needs an API key</span>
              ) : !s.ok ? (
                <span className="source-state">{s.stale && at ? ` · showing ${at.local}` : ' · unavailable'}</span>
              ) : null}
              {s.limits ? <ProviderLimits limits={s.limits} /> : null}
              {isService && setAside ? (
                <span className="source-state">
                  {' · '}
                  <button
                    ref={opener}
                    type="button"
                    className="link-button source-set-aside"
                    aria-expanded={listOpen}
                    aria-controls={listOpen ? listId : undefined}
                    aria-haspopup="dialog"
                    data-set-aside-count={setAside.count}
                    onClick={() => (listOpen ? closeList() : setListOpen(true))}
                  >
                    {setAside.count} {setAside.count === 1 ? 'record' : 'records'} set aside
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {listOpen && setAside ? <SetAsideList id={listId} setAside={setAside} onClose={closeList} /> : null}
      {noRpc.length > 0 ? <NoRpcNotice sources={noRpc} /> : null}
      {keyNeeded.length > 0 ? (
        <KeyNeededNotice
          title={`${keyNeeded.map((s) => s.label).join(', ')}: need an API key`}
          attributes={{ 'data-key-needed': keyNeeded.map((s) => s.id).join(' ') }}
        >
          <p>{keyNeeded[0]!.error!.message}</p>
        </KeyNeededNotice>
      ) : null}
      {failed.map((s) => (
        <div key={s.id} className="notice notice-error" role="alert" data-failed-source={s.id}>
          <strong className="notice-title">
            {s.label}: {s.stale ? 'not current' : 'no data'}
          </strong>
          <p>{s.error?.message}</p>
          {s.error?.action ? <p className="notice-action">{s.error.action}</p> : null}
        </div>
      ))}
    </div>
  );
}
