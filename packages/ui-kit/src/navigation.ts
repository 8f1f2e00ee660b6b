/** The API client and the session navigate through this hook; the shell sets it to react-router's navigate. */
export type Navigator = (to: string, opts?: { replace?: boolean }) => void;

const defaultNavigator: Navigator = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};
let current: Navigator = defaultNavigator;

export function setNavigator(fn: Navigator | null): void {
  current = fn ?? defaultNavigator;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  current(to, opts);
}
