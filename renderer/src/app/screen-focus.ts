import { useFocusOnChange } from '../components/focus/useFocusOnChange';
import { useNavigationStore } from '../navigation/navigation-store';

/** The heading of the screen shown (every screen's header has one h1, focusable by script). */
const screenHeading = () => document.querySelector<HTMLElement>('#main-content .screen h1');

/**
 * After the operator opens a screen (the menu, a vault from a list, a back button), the keyboard
 * lands on its heading: the next Tab goes into that screen, not back through the banner and the
 * menu. Not at start (the skip link comes first then), and not when a part of the screen was named
 * (Settings → Chains): that part is brought into view instead.
 */
export function useScreenHeadingFocus(): void {
  const key = useNavigationStore((s) => (s.section ? null : `${s.screen}:${s.screen === 'vault' ? s.vaultId : ''}`));
  useFocusOnChange(screenHeading, key);
}
