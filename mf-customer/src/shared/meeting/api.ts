import type { meetings } from '@kinfolio/contracts';
import { api } from '@kinfolio/ui-kit';

const id = (v: string) => encodeURIComponent(v);

/**
 * The meeting's one HTTP call (issue 36): svc-planning's pass for the household's meeting. The household's advisor
 * and its customer get one (the role in it says which); anyone else a 404. A pass is fetched for every start, join
 * and rejoin (it lives MEETING_PASS_TTL_MS; a revoked session gets none). The API client unwraps `{ data }`.
 */
export const meetingApi = {
  pass: (householdId: string, signal?: AbortSignal) =>
    api.get<meetings.MeetingPass>(`customer/${id(householdId)}/meeting-pass`, { signal }),
};
