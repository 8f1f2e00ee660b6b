import { Button, EmptyState, Skeleton, Table, TableHead, Tag, theme, useLoad } from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import { AdminPage, Note, type PageNote, PageNoteView } from '../../components/crud';
import { AddVersionDialog } from './AddVersionDialog';
import {
  adminNames,
  listRateTables,
  problemsOf,
  type RateTable,
  type RateTableProblem,
  type RateTableVersion,
  rateTablesErrorMessage,
  withAdminNames,
} from './api';
import { Figures } from './Figures';
import { originText, periodText } from './versions';

/** The id of a table's section, which the summary's links lead to. */
const sectionId = (t: Pick<RateTable, 'kind'>) => `rate-table-${t.kind}`;
/** The version in force this year (by its name), for the summary and the "In force" mark. */
const inForceOf = (t: RateTable) => t.versions.find((v) => v.name === t.in_force) ?? null;
/** A version's label: its period and its name ("2026 onward (cpf@2026)"). */
const versionLabel = (v: RateTableVersion) => `${periodText(v)} (${v.name})`;

/**
 * Back office › Rate tables (issue 32, "Rate tables an admin keeps"): every table the projections compute with, the
 * version in force this year and, per table, every version with its period, publisher, document (a link to its
 * address), who added it, and its figures as tables. "Add version" adds the next period's table when its publisher
 * publishes it; a past version has no edit (a new version, never an edit) and the service refuses a gap, an overlap
 * or a broken figure.
 */
export function RateTablesPage() {
  const [adding, setAdding] = useState<RateTable | null>(null);
  /** What the last action did, shown in the section of the table it changed. */
  const [note, setNote] = useState<{ kind: string; note: PageNote } | null>(null);

  const { data, loadError, reload, retry } = useLoad(
    async (signal) => {
      const [list, names] = await Promise.all([listRateTables(signal), adminNames(signal)]);
      return { tables: withAdminNames(list.tables, names), problems: list.problems };
    },
    [],
    { errorText: rateTablesErrorMessage },
  );
  const tables = data?.tables ?? null;
  const problems = data?.problems ?? [];

  async function saved(table: RateTable, added: RateTableVersion) {
    setAdding(null);
    setNote({
      kind: table.kind,
      note: { ok: true, text: `Added ${added.name} (${periodText(added)}) to ${table.title}.` },
    });
    await reload();
  }

  return (
    <AdminPage>
      <h1>Rate tables</h1>
      <p className="kf-lead">
        The official rates, bands and sums the projections compute with. Each version names the years it is in force and
        the document it comes from. When a body publishes the figures of a new period, add a version: a past version is
        never changed, and a projection names the versions it used.
      </p>
      {loadError ? (
        <>
          <Note $ok={false} role="alert">
            {loadError}
          </Note>
          <div className="kf-bar" style={{ marginTop: 12 }}>
            <Button
              variant="secondary"
              onClick={() => {
                void retry();
              }}
            >
              Try again
            </Button>
          </div>
        </>
      ) : tables === null ? (
        <Skeleton rows={8} label="Loading rate tables" />
      ) : tables.length === 0 ? (
        <EmptyState title="No rate tables">The service lists no rate table.</EmptyState>
      ) : (
        <>
          {problems.length || tables.some((t) => t.problems?.length) ? (
            <Note $ok={false}>
              Some added versions do not fit with the others, so projections keep using the last set that did. What is
              wrong is shown under each table concerned.
            </Note>
          ) : null}
          <Table label="Rate tables and the version in force">
            <caption className="kf-visually-hidden">Rate tables and the version in force</caption>
            <TableHead columns={['Table', 'In force this year', { label: 'Versions', className: 'kf-num' }]} />
            <tbody>
              {tables.map((t) => {
                const current = inForceOf(t);
                return (
                  <tr key={t.kind}>
                    <td>
                      <a href={`#${sectionId(t)}`}>{t.title}</a>
                    </td>
                    <td>{current ? versionLabel(current) : t.in_force || '—'}</td>
                    <td className="kf-num">{t.versions.length}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          {tables.map((t) => (
            <TableSection
              key={t.kind}
              table={t}
              problems={problemsOf(t, problems)}
              note={note?.kind === t.kind ? note.note : null}
              onAdd={() => {
                setNote(null);
                setAdding(t);
              }}
            />
          ))}
        </>
      )}
      {adding ? (
        <AddVersionDialog table={adding} onClose={() => setAdding(null)} onSaved={(v) => saved(adding, v)} />
      ) : null}
    </AdminPage>
  );
}

/** One table: its title, "Add version", and its versions, newest first. */
function TableSection({
  table,
  problems,
  note,
  onAdd,
}: {
  table: RateTable;
  problems: RateTableProblem[];
  note: PageNote;
  onAdd: () => void;
}) {
  const headingId = `${sectionId(table)}-title`;
  const newestFirst = [...table.versions].sort((a, b) => b.from_year - a.from_year);
  return (
    <Section id={sectionId(table)} aria-labelledby={headingId} tabIndex={-1}>
      <div className="kf-section-head">
        <h2 id={headingId}>{table.title}</h2>
        <Button variant="secondary" onClick={onAdd} aria-label={`Add version to ${table.title}`}>
          Add version
        </Button>
      </div>
      <p className="kf-meta">
        {table.versions.length === 1 ? '1 version' : `${table.versions.length} versions`}
        {table.in_force ? ` · in force this year: ${table.in_force}` : ''}
      </p>
      <PageNoteView note={note} />
      {problems.length ? (
        <Note as="div" $ok={false} className="kf-problems">
          Not in use: the stored versions of this table fail validation.
          <ul>
            {problems.map((p) => (
              <li key={`${p.field}|${p.message}`}>{p.message}</li>
            ))}
          </ul>
        </Note>
      ) : null}
      {newestFirst.length === 0 ? (
        <p className="kf-meta">No version yet.</p>
      ) : (
        <ol className="kf-versions">
          {newestFirst.map((v) => (
            <li key={v.name}>
              <VersionCard version={v} inForce={v.name === table.in_force} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** An address the page may link to: http(s) only (an admin typed it; the service requires https). */
const linkable = (url: string) => /^https?:\/\//i.test(url);

function VersionCard({ version: v, inForce }: { version: RateTableVersion; inForce: boolean }) {
  return (
    <Card aria-label={versionLabel(v)}>
      <h3>
        {periodText(v)}
        {inForce ? <Tag tone="green">In force this year</Tag> : null}
      </h3>
      <dl>
        <div>
          <dt>Version</dt>
          <dd>{v.name}</dd>
        </div>
        <div>
          <dt>Publisher</dt>
          <dd>{v.source.publisher}</dd>
        </div>
        <div className="kf-doc">
          <dt>Document</dt>
          <dd>
            {linkable(v.source.url) ? (
              <a href={v.source.url} target="_blank" rel="noopener noreferrer">
                {v.source.title}
                <span className="kf-visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              `${v.source.title} (${v.source.url})`
            )}
          </dd>
        </div>
        <div>
          <dt>Origin</dt>
          <dd>{originText(v)}</dd>
        </div>
      </dl>
      <details open={inForce}>
        <summary>Figures</summary>
        <Figures figures={v.figures} label={`Figures of ${v.name}`} />
      </details>
    </Card>
  );
}

const Section = styled.section`
  margin-top: 28px;
  &:focus { outline: none; }
  .kf-section-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
  .kf-section-head h2 { margin: 0; }
  .kf-meta { margin: 4px 0 10px; color: ${theme.colors.muted}; }
  & > [role='status'], & > [role='alert'], & > .kf-problems { margin: 0 0 12px; }
  .kf-problems ul { margin: 6px 0 0; padding-left: 20px; }
  .kf-versions { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; }
`;

const Card = styled.article`
  padding: 12px 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: #fff;
  min-width: 0;
  h3 { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin: 0 0 8px; font-size: 1.05rem; }
  dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 6px 20px; margin: 0 0 8px; }
  dl .kf-doc { grid-column: span 2; }
  @media (max-width: 767px) { dl .kf-doc { grid-column: auto; } }
  dt { font-size: 13px; color: ${theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  summary { cursor: pointer; font-weight: 600; color: ${theme.colors.primaryDark}; padding: 4px 0; }
  summary:focus-visible { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
  details[open] > summary { margin-bottom: 8px; }
`;
