import { create } from 'zustand';

/** The colour theme the operator chose: the system's (light or dark, following it as it changes), or one of them. */
export type ThemeChoice = 'system' | 'light' | 'dark';
/** Table rows: compact (one line, 32 px) or comfortable (every detail on its own line). */
export type Density = 'compact' | 'comfortable';

interface Display {
  theme: ThemeChoice;
  density: Density;
}

/**
 * Kept in the window's local storage, not in the console's settings: it is a preference of this
 * screen, not of the data or the service, and it must apply before the first paint (the settings
 * come over the bridge, after the window has drawn once), so the console never flashes light in a
 * dark room. Losing it (another browser profile) costs one click.
 */
const KEY = 'vaultdesk.display';
const DEFAULT: Display = { theme: 'system', density: 'compact' };

function stored(): Display {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Display>;
    return {
      theme: raw.theme === 'light' || raw.theme === 'dark' ? raw.theme : DEFAULT.theme,
      density: raw.density === 'comfortable' ? 'comfortable' : DEFAULT.density,
    };
  } catch {
    return DEFAULT;
  }
}

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** Puts the resolved theme and the density on the document, where the stylesheet reads them. */
function apply({ theme, density }: Display): void {
  const root = document.documentElement;
  root.dataset.theme = theme === 'system' ? (systemDark() ? 'dark' : 'light') : theme;
  root.dataset.density = density;
}

interface DisplayState extends Display {
  setTheme(theme: ThemeChoice): void;
  setDensity(density: Density): void;
}

export const useDisplayStore = create<DisplayState>((set, get) => {
  const save = (next: Display) => {
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage refused (a private window): the choice holds until the window closes.
    }
    apply(next);
    set(next);
  };
  return {
    ...stored(),
    setTheme: (theme) => save({ theme, density: get().density }),
    setDensity: (density) => save({ theme: get().theme, density }),
  };
});

/** Applies the stored choice at once, and follows the system's theme while the choice is "system". */
export function startDisplay(): void {
  apply(useDisplayStore.getState());
  if (typeof matchMedia !== 'function') return;
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => apply(useDisplayStore.getState()));
}
