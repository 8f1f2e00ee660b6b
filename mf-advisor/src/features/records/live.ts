/** Live changes to the advisor's households (issue 11). Owned by the live-household helper; a no-op until then. */
export function useHouseholdsLive(_onChange: () => void): void {}
