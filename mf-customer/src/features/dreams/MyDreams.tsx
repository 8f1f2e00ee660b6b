/** My Dreams (issue 11). Owned by the dreams/concerns helper. */
export function MyDreams() {
  return null;
}
