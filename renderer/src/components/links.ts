import { useNavigationStore } from '../navigation/navigation-store';
import { call, errorData, getBridge } from '../bridge';

/** Opens a link in the user's browser through the main side's allowlist; a refusal is shown, not swallowed. */
export async function openLink(url: string): Promise<void> {
  try {
    await call(getBridge().system.openExternal({ url }));
  } catch (err) {
    useNavigationStore.getState().showNotice(errorData(err));
  }
}
