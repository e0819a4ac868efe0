import type { SourceStatus } from '../../../shared/portfolio/schemas';
import { useNavigationStore } from '../navigation/navigation-store';

/** The code of a chain that has no RPC of the operator's: shown from the service only, nothing planned on it. */
export const NO_RPC_CODE = 'CHAIN_NO_RPC';

/** The chains of a refresh that have no RPC of the operator's (of one chain only, with `chainId`). */
export function chainsWithoutRpc(sources: readonly SourceStatus[], chainId?: number): SourceStatus[] {
  return sources.filter((s) => s.error?.code === NO_RPC_CODE && (chainId === undefined || s.id === `chain:${chainId}`));
}

/**
 * A chain without an RPC of the operator's, as every screen says it: its vaults come from the
 * service only and nothing is planned on them, with the way to Settings → Chains.
 */
export function NoRpcNotice({ source }: { source: SourceStatus }) {
  const go = useNavigationStore((s) => s.go);
  return (
    <div className="notice notice-warn" role="status" data-no-rpc={source.id}>
      <strong className="notice-title">{source.label}: no RPC of yours</strong>
      <p>{source.error?.message}</p>
      <p className="notice-action">
        <button type="button" className="link-button" onClick={() => go('settings', 'chains')}>
          Set an RPC for {source.label} in Settings → Chains
        </button>
      </p>
    </div>
  );
}
