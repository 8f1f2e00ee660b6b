import type { meetings } from '@kinfolio/contracts';
import { Button, theme, useSession } from '@kinfolio/ui-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useDashboard } from '../frame/Frame';
import { useHousehold } from '../household/context';
import { useMeeting } from './context';
import { useMeetingInternals, viewAddress, viewHref } from './MeetingProvider';

/** The bar under the tabs: wraps on a phone (360 px), nothing in it has a fixed width. */
const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 10px 24px;
  background: ${theme.colors.primarySoft};
  border-bottom: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
  overflow-wrap: anywhere;
  @media (max-width: 767px) {
    padding: 10px 12px;
  }
  p {
    margin: 0;
  }
  .title {
    font-weight: 600;
    flex: 1 1 200px;
    min-width: 0;
  }
  .muted {
    color: ${theme.colors.muted};
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin: 0;
    padding: 0;
    list-style: none;
    min-width: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  select {
    font: inherit;
    min-height: 40px;
    max-width: 100%;
    padding: 4px 8px;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
    background: #fff;
    color: ${theme.colors.text};
  }
  select:focus-visible {
    outline: 2px solid ${theme.colors.primaryDark};
  }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  flex-basis: 100%;
  min-width: 0;
`;
const Dot = styled.span<{ $on: boolean }>`
  display: inline-block;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  margin-right: 6px;
  background: ${(p) => (p.$on ? theme.colors.success : theme.colors.muted)};
`;
const Hand = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 8px;
  padding: 4px 8px;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
`;
const Small = styled(Button)`
  min-height: 36px;
  padding: 4px 12px;
`;
const Alert = styled.p`
  color: ${theme.colors.danger};
  flex-basis: 100%;
`;

/** The years the advisor can put in focus: this year and the plan's next 60. */
const YEARS = (() => {
  const now = new Date().getFullYear();
  return Array.from({ length: 61 }, (_, i) => now + i);
})();

/** "Start meeting" in the dashboard's actions (the advisor, a household loaded, no meeting on this screen). */
export function StartMeetingButton() {
  const { viewer, onBoarding } = useDashboard();
  const { household } = useHousehold();
  const { client, snap } = useMeetingInternals();
  if (viewer !== 'advisor' || !household || onBoarding || !client || snap?.phase === 'joined') return null;
  return (
    <Button variant="secondary" loading={snap?.phase === 'joining'} onClick={() => void client.start()}>
      Start meeting
    </Button>
  );
}

function Participants({ list }: { list: meetings.MeetingParticipant[] }) {
  return (
    <ul aria-label="Who is in the meeting">
      {list.map((p) => (
        <li key={p.user_id}>
          <Dot $on={p.connected} aria-hidden="true" />
          {p.name}{' '}
          <span className="muted">
            ({p.role === 'advisor' ? 'advisor, ' : ''}
            {p.connected ? 'in' : 'away'})
          </span>
        </li>
      ))}
    </ul>
  );
}

function EndMeeting({ onEnd, busy }: { onEnd: () => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const askedOnce = useRef(false);
  // the focus goes to "Yes, end meeting" when asked, and back to "End meeting" on Cancel
  useEffect(() => {
    if (asking || askedOnce.current) box.current?.querySelector('button')?.focus();
    askedOnce.current ||= asking;
  }, [asking]);
  return (
    <span ref={box}>
      {!asking ? (
        <Small variant="danger" onClick={() => setAsking(true)}>
          End meeting
        </Small>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a confirmation inside the bar (not a modal): a named group
        <span role="group" aria-label="End the meeting for everyone?">
          <span>End the meeting for everyone? </span>
          <Small variant="danger" loading={busy} onClick={onEnd}>
            Yes, end meeting
          </Small>{' '}
          <Small variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Small>
        </span>
      )}
    </span>
  );
}

function Ended({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Bar aria-label="Meeting">
      <p className="title" role="status">
        The meeting has ended
      </p>
      <Small variant="secondary" onClick={onDismiss}>
        Dismiss
      </Small>
    </Bar>
  );
}

function AdvisorBar() {
  const { client, snap } = useMeetingInternals();
  const { base } = useDashboard();
  const { publish, view } = useMeeting();
  const navigate = useNavigate();
  const yearId = useId();
  const m = snap?.meeting;
  if (!client || !snap || !m) return null;
  const steering = m.control === 'advisor';
  const showHand = (h: meetings.MeetingHand) => {
    const here = viewAddress(window.location.pathname, window.location.search, base);
    const path = h.path.replace(/^\/+/, '');
    if (path && here?.path !== path && viewAddress(`${base}/${path}`, '', base))
      navigate(viewHref(base, { path, search: '' }));
    if (h.figure) publish({ highlight: h.figure });
  };
  return (
    <Bar aria-label="Meeting">
      <p className="title">
        Meeting with {m.household_name}
        {snap.connected ? null : <span className="muted"> · reconnecting…</span>}
      </p>
      <Participants list={m.participants} />
      <Row>
        <Small
          variant="secondary"
          loading={snap.busy && !steering}
          onClick={() => void client.control(steering ? 'family' : 'advisor')}
        >
          {steering ? 'Let them explore' : 'Take back control'}
        </Small>
        {steering ? null : <span className="muted">The family is exploring; you follow their screen.</span>}
        <label htmlFor={yearId}>Year in focus</label>
        <select
          id={yearId}
          value={view?.year ?? ''}
          disabled={!steering}
          onChange={(e) => publish({ year: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">None</option>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <EndMeeting busy={snap.busy} onEnd={() => void client.end()} />
      </Row>
      {m.hands.length ? (
        <Row>
          <ul aria-label="Raised hands">
            {m.hands.map((h) => (
              <Hand key={h.id}>
                <span>
                  ✋ {h.name} asks about {h.label ?? (h.figure ? 'a figure' : 'this page')}
                </span>
                {h.figure ? (
                  <Small variant="secondary" aria-label={`Show ${h.label ?? h.figure}`} onClick={() => showHand(h)}>
                    Show
                  </Small>
                ) : null}
                <Small
                  variant="secondary"
                  aria-label={`Lower ${h.name}'s hand`}
                  onClick={() => void client.lowerHand(h.id)}
                >
                  Lower
                </Small>
              </Hand>
            ))}
          </ul>
        </Row>
      ) : null}
      {snap.error ? <Alert role="alert">{snap.error}</Alert> : null}
    </Bar>
  );
}

function FamilyBar() {
  const { client, snap, lastFigure } = useMeetingInternals();
  const { user } = useSession();
  const m = snap?.meeting;
  if (!client || !snap) return null;
  if (!m) {
    const inv = snap.invitation;
    if (!inv) return snap.ended ? <Ended onDismiss={() => client.dismissEnded()} /> : null;
    return (
      <Bar aria-label="Meeting invitation">
        <p className="title">{inv.advisor_name} has started a meeting</p>
        <Button loading={snap.busy} onClick={() => void client.join(inv.id)}>
          Join meeting
        </Button>
        {snap.error ? <Alert role="alert">{snap.error}</Alert> : null}
      </Bar>
    );
  }
  const mine = m.hands.find((h) => h.user_id === user?.id) ?? null;
  const raise = () => {
    const f = lastFigure();
    const hl = m.view.highlight;
    const figure = f?.figure ?? hl ?? null;
    const label = f?.label ?? (hl && m.view.explain?.figure === hl ? m.view.explain.label : null);
    void client.raiseHand(figure, label);
  };
  return (
    <Bar aria-label="Meeting">
      <p className="title" role="status">
        {m.control === 'advisor' ? `Following ${m.advisor_name}` : `You are exploring; ${m.advisor_name} follows you`}
        {snap.connected ? null : <span className="muted"> · reconnecting…</span>}
      </p>
      <Participants list={m.participants} />
      <Row>
        {mine ? (
          <>
            <span>Your hand is raised{mine.label ? ` (${mine.label})` : ''}.</span>
            <Small variant="secondary" onClick={() => void client.lowerHand(mine.id)}>
              Lower hand
            </Small>
          </>
        ) : (
          <Small variant="secondary" onClick={raise}>
            Raise hand
          </Small>
        )}
        <Small variant="secondary" onClick={() => void client.leave()}>
          Leave
        </Small>
      </Row>
      {snap.error ? <Alert role="alert">{snap.error}</Alert> : null}
    </Bar>
  );
}

/** The meeting's bar under the dashboard's tabs: the advisor's controls, or the family's invitation and status. */
export function MeetingBar() {
  const { viewer } = useDashboard();
  const { client, snap } = useMeetingInternals();
  if (!client || !snap) return null;
  if (viewer === 'advisor') {
    if (snap.meeting) return <AdvisorBar />;
    if (snap.ended) return <Ended onDismiss={() => client.dismissEnded()} />;
    // a start that failed says why (the button stays for another try)
    return snap.error ? (
      <Bar aria-label="Meeting">
        <Alert role="alert">The meeting could not start: {snap.error}</Alert>
      </Bar>
    ) : null;
  }
  return <FamilyBar />;
}
