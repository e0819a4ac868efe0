import { useEffect } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import { Screen } from '../components/ScreenHeader';
import { ErrorNotice } from '../components/ErrorNotice';
import { pickText } from '../components/text';
import '../components/insights.css';
import { CampaignDates, CampaignStatePill } from './CampaignState';
import { useCampaignsStore } from './campaigns-store';

/** Every campaign the service lists: running ones first, then upcoming, then finished. */
export function CampaignsScreen() {
  const { list, listLoading, listError, loadList, open } = useCampaignsStore();
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  useEffect(() => {
    void loadList();
  }, [loadList, sourceVersion]);

  return (
    <Screen
      name="campaigns"
      title="Campaigns"
      subtitle={list ? `${list.campaigns.length} points campaign${list.campaigns.length === 1 ? '' : 's'} · open one for its rules and your batch's points` : 'Loading the campaigns…'}
      updatedAtMs={list?.fetchedAtMs}
      refresh={{ run: () => void loadList(true), busy: listLoading }}
    >
      {listError ? <ErrorNotice error={listError} title={list ? 'Could not refresh: the list below is from the last successful load.' : 'Could not load the campaigns.'} /> : null}
      {list && list.campaigns.length === 0 ? <p className="empty">The service lists no campaigns.</p> : null}
      {list && list.campaigns.length > 0 ? (
        <div className={`table-wrap${listError ? ' stale' : ''}`}>
          <table className="table" aria-label="Campaigns">
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">State</th>
                <th scope="col">Dates</th>
                <th scope="col" className="num">
                  Vaults
                </th>
              </tr>
            </thead>
            <tbody>
              {list.campaigns.map((c) => (
                <tr key={c.id} data-campaign-id={c.id}>
                  <td>
                    <button type="button" className="link-button cell-title vault-link" onClick={() => open(c.id)}>
                      {pickText(c.name, c.code ?? c.id)}
                    </button>
                    {c.description ? <div className="cell-sub">{pickText(c.description)}</div> : null}
                  </td>
                  <td>
                    <CampaignStatePill state={c.state} />
                  </td>
                  <td>
                    <CampaignDates campaign={c} />
                  </td>
                  <td className="num">{c.vaultCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Screen>
  );
}
