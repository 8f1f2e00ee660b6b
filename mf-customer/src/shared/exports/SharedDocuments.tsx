import {
  api,
  Button,
  errorMessage,
  FormError,
  fetchFile,
  formatDate,
  Skeleton,
  saveFile,
  useResource,
} from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import { useHousehold } from '../household/context';
import { Card } from '../ui/layout';
import { FORMAT_LABELS, type SharedDocument } from './download';

const REPORT_LABELS: Record<SharedDocument['report'], string> = {
  'financial-report': 'Financial report',
  cashflow: 'Cash flow',
  networth: 'Net worth',
  insurance: 'Insurance',
  funds: 'Funds',
  debt: 'Debt',
  property: 'Property',
  'data-table': 'Data table',
  scenario: 'Scenario modelling',
  'client-plan': 'Client plan',
};

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    align-items: center;
    justify-content: space-between;
    padding: 8px 0;
    border-bottom: 1px solid #edf2f7;
  }
  small {
    color: #5a6b6b;
  }
`;

/**
 * The documents the advisor shared with the customer (issue 14, POST share-document), newest first, each
 * downloadable. Reloads when the household changes (a new share arrives as a live household change).
 */
export function SharedDocuments({ householdId }: { householdId?: string }) {
  const { household, version } = useHousehold();
  const id = householdId ?? household?.id;
  const {
    data: docs,
    error,
    setError,
  } = useResource(id && ([id, version] as const), ([hid], signal) =>
    api.get<SharedDocument[]>(`customer/${encodeURIComponent(hid)}/shared-documents`, { signal }),
  );
  const [loading, setLoading] = useState<string | null>(null);

  const download = async (d: SharedDocument) => {
    setLoading(d.id);
    setError(null);
    try {
      const f = await fetchFile(d.download_path);
      saveFile(f.blob, d.file_name || f.name);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(null);
    }
  };

  if (!id) return null;
  return (
    <Card aria-labelledby="shared-docs-h">
      <h2 id="shared-docs-h">Shared documents</h2>
      <FormError>{error}</FormError>
      {docs === null && !error ? <Skeleton rows={2} label="Loading the shared documents" /> : null}
      {docs && docs.length === 0 ? <p>Your advisor has not shared any documents yet.</p> : null}
      {docs && docs.length > 0 ? (
        <List>
          {docs.map((d) => (
            <li key={d.id}>
              <span>
                {REPORT_LABELS[d.report]} ({FORMAT_LABELS[d.format]})
                <br />
                <small>
                  Shared {formatDate(d.shared_at)}
                  {d.note ? ` · ${d.note}` : ''}
                </small>
              </span>
              <Button
                variant="secondary"
                onClick={() => download(d)}
                loading={loading === d.id}
                aria-label={`Download ${REPORT_LABELS[d.report]} (${FORMAT_LABELS[d.format]})`}
              >
                Download
              </Button>
            </li>
          ))}
        </List>
      ) : null}
    </Card>
  );
}

export default SharedDocuments;
