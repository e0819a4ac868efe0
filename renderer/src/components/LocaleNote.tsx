import { DISPLAY_LOCALE } from './locale';

/** Said once, at the foot of the menu: the form every date and number of the console is written in. */
export function LocaleNote() {
  return (
    <div className="sidebar-foot locale-note" data-testid="locale-note">
      Dates and numbers: {DISPLAY_LOCALE}
    </div>
  );
}
