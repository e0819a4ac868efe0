import { useNavigationStore } from '../navigation/navigation-store';
import { OfflinePolicyCard } from './OfflinePolicyCard';
import { OfflineRegistryCard } from './OfflineRegistryCard';
import { TrustedPlannersCard } from './TrustedPlannersCard';

/**
 * The offline install's own records, against which every unsigned bundle is checked: the vault
 * registry imported from the online install (signed by a trusted planner; its fingerprint to compare
 * with the one shown there), the planners it trusts, and the offline policy. A record that cannot
 * be read refuses every review: its card says which file and how to repair it. Shown only on an
 * offline-review install.
 */
export function OfflineRecordsCard() {
  const mode = useNavigationStore((s) => s.info?.mode);
  if (mode !== 'offline') return null;
  return (
    <>
      <OfflineRegistryCard />
      <TrustedPlannersCard />
      <OfflinePolicyCard />
    </>
  );
}
