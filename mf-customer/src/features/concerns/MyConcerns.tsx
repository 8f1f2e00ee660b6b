/** My Concerns list and a concern's header (issue 11). Owned by the dreams/concerns helper. */
export function MyConcerns() {
  return null;
}
export function ConcernHeader(_: { concernId: string }) {
  return null;
}
