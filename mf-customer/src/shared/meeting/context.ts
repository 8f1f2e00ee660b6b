import type { meetings } from '@kinfolio/contracts';
import { createContext, useContext } from 'react';

/**
 * What a screen of the household workspace knows of a running meeting (issue 36) and how it steers one. The
 * provider (shared/meeting/MeetingProvider) holds the socket; screens only read `view` and call `publish`.
 */
export interface MeetingApi {
  /** This screen is in a running meeting. */
  active: boolean;
  /** Its part in the meeting: the advisor presents, the family follows. null outside a meeting. */
  role: meetings.MeetingRole | null;
  /** This screen may change the view: the advisor, or the family once the advisor handed over. */
  inControl: boolean;
  /** The meeting's current view (null outside a meeting). */
  view: meetings.MeetingView | null;
  /** Sends a change of the view, merged into the current one; does nothing when not in control. */
  publish(patch: Partial<meetings.MeetingViewInput>): void;
}

export const NO_MEETING: MeetingApi = {
  active: false,
  role: null,
  inControl: true,
  view: null,
  publish: () => undefined,
};

export const MeetingContext = createContext<MeetingApi>(NO_MEETING);
/** The running meeting as this screen sees it (NO_MEETING outside one). */
export const useMeeting = (): MeetingApi => useContext(MeetingContext);
