/**
 * The order of a list of campaigns, by what they mean to the operator: those running now first (they
 * earn points today), then the upcoming ones, then those that ended; a campaign without dates says
 * nothing about when it runs and comes after them. The state is an open word (the service's, or one
 * a later version adds): a word this console does not know goes last, never first, and never throws.
 */
const RANK: Readonly<Record<string, number>> = { running: 0, upcoming: 1, finished: 2, undated: 3 };
const UNKNOWN_RANK = 4;

export function campaignRank(state: string): number {
  return Object.hasOwn(RANK, state) ? RANK[state]! : UNKNOWN_RANK;
}

interface Dated {
  startDate: number | null;
  endDate: number | null;
}

/** A date that is missing sorts after every date, whichever way the dates run. */
const byDate = (a: number | null, b: number | null, direction: 1 | -1) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : (a - b) * direction);

/**
 * The campaigns in that order; within a state, the next event first: a running campaign by its end
 * (soonest first), an upcoming one by its start (soonest first), an ended one by its end (latest first).
 * `stateOf` gives the state shown (the screen's, by the chains' clock), so the order matches the pills.
 */
export function sortCampaigns<T extends Dated>(campaigns: readonly T[], stateOf: (campaign: T) => string): T[] {
  return campaigns
    .map((campaign) => ({ campaign, state: stateOf(campaign) }))
    .sort((a, b) => {
      const rank = campaignRank(a.state) - campaignRank(b.state);
      if (rank !== 0) return rank;
      if (a.state === 'upcoming') return byDate(a.campaign.startDate, b.campaign.startDate, 1);
      if (a.state === 'finished') return byDate(a.campaign.endDate, b.campaign.endDate, -1);
      return byDate(a.campaign.endDate, b.campaign.endDate, 1);
    })
    .map((entry) => entry.campaign);
}
