import { describe, expect, it } from 'vitest';
import { campaignRank, sortCampaigns } from '../../../shared/insights/campaign-order';

/**
 * The Campaigns list in the order of what each campaign means: running, upcoming, ended, undated,
 * then any state word this console does not know; each by the state the row shows.
 */
const DAY = 86_400;
const campaign = (id: string, state: string, startDate: number | null, endDate: number | null) => ({ id, state, startDate, endDate });

describe('the campaigns list order', () => {
  it('puts running campaigns first, then upcoming, then ended, then undated, whatever the words sort as', () => {
    const list = [
      campaign('ended-long-ago', 'finished', 0, 10 * DAY),
      campaign('undated', 'undated', null, null),
      campaign('upcoming-later', 'upcoming', 90 * DAY, 120 * DAY),
      campaign('running-ends-late', 'running', 20 * DAY, 80 * DAY),
      campaign('ended-lately', 'finished', 5 * DAY, 40 * DAY),
      campaign('upcoming-soon', 'upcoming', 60 * DAY, 100 * DAY),
      campaign('running-ends-soon', 'running', 10 * DAY, 50 * DAY),
      campaign('running-no-end', 'running', 10 * DAY, null),
    ];
    expect(sortCampaigns(list, (c) => c.state).map((c) => c.id)).toEqual([
      'running-ends-soon',
      'running-ends-late',
      'running-no-end',
      'upcoming-soon',
      'upcoming-later',
      'ended-lately',
      'ended-long-ago',
      'undated',
    ]);
  });

  it('orders by the state the row shows, not the one the list came with', () => {
    // The demo's chains run ahead of today: by their clock the service's "running" campaign has ended.
    const list = [campaign('ended-by-the-chains', 'running', 0, 10 * DAY), campaign('upcoming', 'upcoming', 200 * DAY, 300 * DAY)];
    const chainNow = 100 * DAY;
    const shown = (c: (typeof list)[number]) => (c.startDate !== null && chainNow < c.startDate ? 'upcoming' : c.endDate !== null && chainNow >= c.endDate ? 'finished' : 'running');
    expect(sortCampaigns(list, shown).map((c) => c.id)).toEqual(['upcoming', 'ended-by-the-chains']);
  });

  it('puts a state word it does not know last, without throwing', () => {
    const list = [campaign('paused', 'paused', 0, 300 * DAY), campaign('ended', 'finished', 0, DAY), campaign('running', 'running', 0, 200 * DAY), campaign('constructor', 'constructor', null, null)];
    expect(sortCampaigns(list, (c) => c.state).map((c) => c.id)).toEqual(['running', 'ended', 'paused', 'constructor']);
    expect(campaignRank('toString')).toBe(campaignRank('paused'));
    expect(campaignRank('running')).toBeLessThan(campaignRank('upcoming'));
  });
});
