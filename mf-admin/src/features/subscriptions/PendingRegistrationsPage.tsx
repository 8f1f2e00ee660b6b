import {
  Button,
  errorMessage,
  ResultMessage,
  Select,
  Tag,
  TextInput,
  useAfterTyping,
  useLoadState,
} from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import {
  downloadRegistrationsCsv,
  fetchRegistrations,
  formatDate,
  notifyForRegistration,
  type Pending,
  type Registration,
} from './api';
import { NotifyButton, NotifyNotice, useNotifier } from './Notify';
import { Filters, Muted, PagedList, Wrap } from './shared';

const PENDING_LABEL: Record<Pending, string> = {
  any: 'Not verified or not on a plan',
  unverified: 'Not verified',
  no_plan: 'Verified, not on a plan',
};
const MEMBERSHIP_LABEL: Record<Registration['membership_status'], string> = {
  none: 'No plan',
  trial: 'Free trial',
  active: 'Subscribed',
  expired: 'Trial or plan ended',
};

/** Lines the button up with the labelled filters next to it. */
const ExportSlot = styled.div`
  && {
    min-width: 0;
    padding-top: 26px;
  }
`;

function membership(r: Registration) {
  if (r.membership_status === 'trial' && r.trial_ends_at) {
    const ended = Date.parse(r.trial_ends_at) <= Date.now();
    return `${ended ? 'Trial ended' : 'Free trial until'} ${formatDate(r.trial_ends_at)}`;
  }
  return MEMBERSHIP_LABEL[r.membership_status];
}

/**
 * Subscriptions › pending-registrations: advisors who signed up and have not verified their e-mail or mobile number
 * yet, or have not chosen a paid plan (svc-auth `admin/get-filtered-users` with `pending`), paged and searchable;
 * each can be reminded to finish (`admin/notify-user-for-registration`, at most once a day). 'Export CSV' downloads
 * the list with the filters on screen, every page of it (svc-auth `admin/get-filtered-users/export`).
 */
export function PendingRegistrationsPage() {
  const [pending, setPending] = useState<Pending>('any');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const notifier = useNotifier(notifyForRegistration);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadRegistrationsCsv({ pending, search });
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  // the search is sent once typing pauses
  useAfterTyping(search, 300, (typed) => {
    setQuery(typed);
    setPage(1);
  });

  const state = useLoadState(() => fetchRegistrations({ pending, page, search: query }), [pending, page, query]);
  const title = 'Pending registrations';

  return (
    <Wrap>
      <h1>{title}</h1>
      <p className="kf-lead">
        Advisors who signed up but have not verified their e-mail or mobile number, or have not chosen a plan yet.
        Remind them to finish setting up their account.
      </p>
      <Filters>
        <Select
          label="Show"
          value={pending}
          onChange={(v) => {
            setPending(v as Pending);
            setPage(1);
          }}
          options={(Object.keys(PENDING_LABEL) as Pending[]).map((p) => ({ value: p, label: PENDING_LABEL[p] }))}
        />
        <TextInput label="Search" value={search} onChange={setSearch} placeholder="Name or e-mail" maxLength={100} />
        <ExportSlot>
          <Button
            variant="secondary"
            loading={exporting}
            onClick={exportCsv}
            aria-label="Export CSV of pending registrations"
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </ExportSlot>
      </Filters>
      {exportError ? (
        <ResultMessage type="error" placement="above">
          {exportError}
        </ResultMessage>
      ) : null}
      <NotifyNotice notifier={notifier} />
      <PagedList
        state={state}
        label={title}
        columns={['Advisor', 'Signed up', 'Verification', 'Plan', 'Actions']}
        empty="No pending registrations."
        noun={['registration', 'registrations']}
        onPage={setPage}
      >
        {(list) =>
          list.map((r) => (
            <tr key={r.id}>
              <td>
                {r.name}
                <Muted>{r.email}</Muted>
              </td>
              <td>{formatDate(r.created_at)}</td>
              <td>
                <Tag tone={r.email_verified ? 'green' : 'red'}>
                  {r.email_verified ? 'E-mail verified' : 'E-mail not verified'}
                </Tag>{' '}
                <Tag tone={r.mobile_verified ? 'green' : 'red'}>
                  {r.mobile_verified ? 'Mobile verified' : 'Mobile not verified'}
                </Tag>
              </td>
              <td>{membership(r)}</td>
              <td>
                <NotifyButton notifier={notifier} userId={r.id} email={r.email} purpose="to finish registering" />
              </td>
            </tr>
          ))
        }
      </PagedList>
    </Wrap>
  );
}
