import { Empty, Page } from '../../components/ui';

const TEXTS = {
  customers: {
    title: 'Customers',
    lead: 'The households you advise.',
    empty: 'No customers yet',
    note: 'Customer records arrive with the leads and customers release. Until then, invite customers with your invitation link or Add customer in the profile menu.',
  },
  leads: {
    title: 'Leads',
    lead: 'People who reached you through your invitation link or public profile.',
    empty: 'No leads yet',
    note: 'Lead records arrive with the leads and customers release.',
  },
} as const;

/** Customers and Leads lists: real pages with an empty state until the leads issue brings the records. */
export function RecordsPage({ kind }: { kind: keyof typeof TEXTS }) {
  const t = TEXTS[kind];
  return (
    <Page>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <Empty title={t.empty}>{t.note}</Empty>
    </Page>
  );
}
