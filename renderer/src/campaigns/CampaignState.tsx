import { campaignState } from '../../../shared/insights/points';
import type { CampaignSummary } from '../../../shared/insights/schemas';
import { DateTime, useNow } from '../components/time';
import { useChainAhead } from '../batch';

const STATE: Record<CampaignSummary['state'], { label: string; className: string }> = {
  running: { label: 'Running', className: 'pill-ok' },
  upcoming: { label: 'Upcoming', className: 'pill-info' },
  finished: { label: 'Finished', className: 'pill-muted' },
  undated: { label: 'No dates', className: 'pill-muted' },
};

export function CampaignStatePill({ state }: { state: CampaignSummary['state'] }) {
  const s = STATE[state];
  return (
    <span className={`pill ${s.className}`} data-campaign-state={state}>
      {s.label}
    </span>
  );
}

/** "1 Mar 2025 → 30 Jun 2025", each date in the locale with UTC on hover. */
export function CampaignDates({ campaign }: { campaign: Pick<CampaignSummary, 'startDate' | 'endDate'> }) {
  return (
    <span className="campaign-dates">
      {campaign.startDate !== null ? <DateTime seconds={campaign.startDate} withTime={false} /> : 'no start date'} →{' '}
      {campaign.endDate !== null ? <DateTime seconds={campaign.endDate} withTime={false} /> : 'no end date'}
    </span>
  );
}

/**
 * Where a campaign stands by the chains' clock (the one its vaults' epochs and the points run on):
 * in the demo, which runs ahead of today, a campaign has ended by its chains' date whatever the wall
 * clock says. A campaign without dates keeps the service's word.
 */
export function useCampaignStateNow(): (campaign: Pick<CampaignSummary, 'startDate' | 'endDate' | 'state'>) => CampaignSummary['state'] {
  const ahead = useChainAhead();
  const now = Math.floor(useNow(60_000) / 1000) + ahead;
  return (c) => (c.state === 'undated' ? c.state : campaignState(c.startDate, c.endDate, now));
}
