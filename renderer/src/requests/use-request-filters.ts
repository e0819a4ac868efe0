import { useCallback, useMemo, useState } from 'react';
import type { RequestRow } from '../../../shared/portfolio/schemas';
import { PHASE_WORDS, type RequestPhase } from '../../../shared/portfolio/request-phase';

/** The Requests screen's filters; an empty string is "all". */
interface RequestFilters {
  type: string;
  status: string;
  vaultId: string;
  actionable: boolean;
}

const ALL: RequestFilters = { type: '', status: '', vaultId: '', actionable: false };

/** The filters' state, the test a request must pass, and the choices the requests on hand offer. */
export function useRequestFilters(all: readonly RequestRow[]) {
  const [filters, setFilters] = useState<RequestFilters>(ALL);
  const set = useCallback((patch: Partial<RequestFilters>) => setFilters((f) => ({ ...f, ...patch })), []);
  const { type, status, vaultId, actionable } = filters;
  const filtered = Boolean(type || status || vaultId || actionable);
  const accept = useCallback(
    (r: RequestRow) =>
      (!type || r.type === type) &&
      (!status || r.phase === status) &&
      (!vaultId || r.vaultId === vaultId) &&
      (!actionable || r.action !== null),
    [type, status, vaultId, actionable],
  );
  // One classification on every screen: the phase the contracts show, not the service's status word.
  const phases = useMemo(() => (Object.keys(PHASE_WORDS) as RequestPhase[]).filter((p) => all.some((r) => r.phase === p)), [all]);
  // Types beyond the three the console acts on (write-offs, or one added later) are offered as the service wrote them.
  const otherTypes = useMemo(
    () => [...new Set(all.map((r) => r.type))].filter((t) => t !== 'DEPOSIT' && t !== 'WITHDRAW' && t !== 'REDEEM').sort(),
    [all],
  );
  return { filters, set, filtered, accept, phases, otherTypes };
}
