import { useSourceLoad } from '../navigation/use-source-load';
import { LoadedList } from '../components/LoadedList';
import { Screen } from '../components/ScreenHeader';
import { pickText } from '../components/text';
import { SimpleTable } from '../components/SimpleTable';
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
          <SimpleTable
            label="Operators"
            rows={list!.operators}
            rowKey={(o) => o.id}
            rowProps={(o) => ({ 'data-operator-id': o.id })}
            columns={[
              {
                key: 'operator',
                header: 'Operator',
                cell: (o) => (
                  <>
                    <button type="button" className="link-button cell-title vault-link" onClick={() => open(o.id)}>
                      {o.name}
                    </button>
                    {o.description ? <div className="cell-sub">{pickText(o.description)}</div> : null}
                  </>
                ),
              },
              {
                key: 'kind',
                header: 'Kind',
                cell: (o) => <span className={`pill ${operatorKind(o.type).pill}`}>{operatorKind(o.type).label}</span>,
              },
              { key: 'vaults', header: 'Public vaults', numeric: true, cell: (o) => o.vaultCount },
            ]}
          />
        )}
      </LoadedList>
    </Screen>
  );
}
