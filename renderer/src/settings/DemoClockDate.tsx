import './demo-clock.css';
import { DISPLAY_LOCALE, formatDate } from '../components/locale';
import { useNow } from '../components/time';
import { useChainAhead } from '../batch';

/** "150 days", "5 h": how far ahead of today, in words. */
function aheadWords(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  if (days >= 1) return `${days.toLocaleString(DISPLAY_LOCALE)} day${days === 1 ? '' : 's'}`;
  const hours = Math.floor(seconds / 3600);
  return `${hours} h`;
}

/**
 * The demo's one clock, said on the banner: the date its chains have reached ("Demo clock:
 * 12 Mar 2027, 150 days ahead of today"). Epochs, expected dates, campaigns and countdowns all
 * run on it, as the contracts do; the wall clock only says how far ahead it is.
 */
export function DemoClockDate() {
  const ahead = useChainAhead();
  const now = useNow(60_000);
  if (ahead < 3600) return null;
  return (
    <span className="mode-banner-clock" data-testid="demo-clock">
      Demo clock: <span className="demo-clock-date">{formatDate(now + ahead * 1000)}</span>, {aheadWords(ahead)} ahead of today. Dates and countdowns follow it.
    </span>
  );
}
