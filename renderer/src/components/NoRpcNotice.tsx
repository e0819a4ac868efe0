import './no-rpc.css';
import type { SourceStatus } from '../../../shared/portfolio/schemas';
import { useNavigationStore } from '../navigation/navigation-store';

/** The code of a chain that has no RPC of the operator's: shown from the service only, nothing planned on it. */
export const NO_RPC_CODE = 'CHAIN_NO_RPC';

/** The chains of a refresh that have no RPC of the operator's (of one chain only, with `chainId`). */
export function chainsWithoutRpc(sources: readonly SourceStatus[], chainId?: number): SourceStatus[] {
  return sources.filter((s) => s.error?.code === NO_RPC_CODE && (chainId === undefined || s.id === `chain:${chainId}`));
}

/**
 * Chains without an RPC of the operator's, as every screen says it (one notice for all of them):
 * their vaults come from the service only and nothing is planned on them, with the way to
 * Settings → Chains.
 */
export function NoRpcNotice({ sources }: { sources: readonly SourceStatus[] }) {
  const go = useNavigationStore((s) => s.go);
  const one = sources.length === 1 ? sources[0]! : null;
  const names = sources.map((s) => s.label);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return (
    <div className="notice notice-warn no-rpc" role="status" data-no-rpc={sources.map((s) => s.id).join(' ')}>
      <strong className="notice-title">
        {one ? `${one.label}: no RPC of yours` : `No RPC of yours for ${sources.length} chains: ${listed}`}
      </strong>
      <p>
        {one?.error?.message ??
          'Their vaults are shown from the service only, and nothing is planned or checked on them: the console reads a chain only through RPCs you set.'}
      </p>
      <p className="notice-action">
        <button type="button" className="link-button" onClick={() => go('settings', 'chains')}>
          {one ? `Set an RPC for ${one.label} in Settings → Chains` : 'Set their RPCs in Settings → Chains'}
        </button>
      </p>
    </div>
  );
}
