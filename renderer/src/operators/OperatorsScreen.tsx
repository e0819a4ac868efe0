import { useSourceLoad } from '../navigation/use-source-load';
import { LoadedList } from '../components/LoadedList';
import { Screen } from '../components/ScreenHeader';
import { pickText } from '../components/text';
import '../components/insights.css';
import { operatorKind } from './labels';
import { useOperatorsStore } from './operators-store';

/** The protocol, the borrowers and the curators behind the vaults. */
export function OperatorsScreen() {
  const { list, listLoading, listError, loadList, open } = useOperatorsStore();
  useSourceLoad(loadList);

  return (
    <Screen
      name="operators"
      serviceSource
      title="Operators"
      subtitle={list ? `${list.operators.length} operators: who runs, borrows from and curates the vaults` : 'Loading the operators…'}
      updatedAtMs={list?.fetchedAtMs}
      refresh={{ run: () => void loadList(true), busy: listLoading }}
    >
      <LoadedList error={listError} loaded={list !== null} count={list?.operators.length ?? 0} what="the operators" none="The service lists no operators.">
        {() => (
          <table className="table" aria-label="Operators">
            <thead>
              <tr>
                <th scope="col">Operator</th>
                <th scope="col">Kind</th>
                <th scope="col" className="num">
                  Public vaults
                </th>
              </tr>
            </thead>
            <tbody>
              {list!.operators.map((o) => {
                const kind = operatorKind(o.type);
                return (
                  <tr key={o.id} data-operator-id={o.id}>
                    <td>
                      <button type="button" className="link-button cell-title vault-link" onClick={() => open(o.id)}>
                        {o.name}
                      </button>
                      {o.description ? <div className="cell-sub">{pickText(o.description)}</div> : null}
                    </td>
                    <td>
                      <span className={`pill ${kind.pill}`}>{kind.label}</span>
                    </td>
                    <td className="num">{o.vaultCount}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </LoadedList>
    </Screen>
  );
}
