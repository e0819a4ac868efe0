import { useDisplayStore, type Density, type ThemeChoice } from '../components/display-store';

/** The colour theme (the system's by default) and the tables' density, kept for this window. */
export function DisplayChoices() {
  const { theme, density, setTheme, setDensity } = useDisplayStore();
  return (
    <div className="display-choices">
      <label htmlFor="display-theme">Theme</label>
      <select id="display-theme" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        <option value="system">As the system</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
      <label htmlFor="display-density">Rows</label>
      <select id="display-density" value={density} onChange={(e) => setDensity(e.target.value as Density)}>
        <option value="compact">Compact</option>
        <option value="comfortable">Comfortable</option>
      </select>
    </div>
  );
}
