/**
 * The editor-privileges helper (spec §6): it always grants. Kept as one function so that screens ask the question
 * in one place and a later permissions issue can answer it differently.
 */
export function hasEditorPrivileges(_user?: { type?: string } | null, _resource?: string): boolean {
  return true;
}
