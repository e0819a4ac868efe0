import { useSourceLoad } from '../navigation/use-source-load';
import { LoadedList } from '../components/LoadedList';
import { SimpleTable } from '../components/SimpleTable';
import { Screen } from '../components/ScreenHeader';
import { pickText } from '../components/text';
import '../components/insights.css';
import { CampaignDates, CampaignStatePill, useCampaignStateNow } from './CampaignState';
import { useCampaignsStore } from './campaigns-store';
import { sortCampaigns } from '../../../shared/insights/campaign-order';

/**
 * Every campaign the service lists: running ones first, then upcoming, then finished, by the state
 * each row shows (the chains' clock, which the service's own order by today's date may not match).
 */
export function CampaignsScreen() {
  const { list, listLoading, listError, loadList, open } = useCampaignsStore();
  useSourceLoad(loadList);
  const stateOf = useCampaignStateNow();

  return (
    <Screen
      name="campaigns"
      serviceSource
      title="Campaigns"
      subtitle={list ? `${list.campaigns.length} points campaign${list.campaigns.length === 1 ? '' : 's'} · open one for its rules and your batch's points` : 'Loading the campaigns…'}
      updatedAtMs={list?.fetchedAtMs}
      refresh={{ run: () => void loadList(true), busy: listLoading }}
    >
      <LoadedList error={listError} loaded={list !== null} count={list?.campaigns.length ?? 0} what="the campaigns" none="The service lists no campaigns.">
        {() => (
          <SimpleTable
            label="Campaigns"
            columns={[
              {
                key: 'campaign',
                header: 'Campaign',
                cell: (c) => (
                  <>
                    <button type="button" className="link-button cell-title vault-link" onClick={() => open(c.id)}>
                      {pickText(c.name, c.code ?? c.id)}
                    </button>
                    {c.description ? <div className="cell-sub">{pickText(c.description)}</div> : null}
                  </>
                ),
              },
              { key: 'state', header: 'State', cell: (c) => <CampaignStatePill state={stateOf(c)} /> },
              { key: 'dates', header: 'Dates', cell: (c) => <CampaignDates campaign={c} /> },
              { key: 'vaults', header: 'Vaults', numeric: true, cell: (c) => c.vaultCount },
            ]}
            rows={sortCampaigns(list!.campaigns, stateOf)}
            rowKey={(c) => c.id}
            rowProps={(c) => ({ 'data-campaign-id': c.id })}
          />
        )}
      </LoadedList>
    </Screen>
  );
}
