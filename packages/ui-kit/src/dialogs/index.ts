// Shared dialogs: the save confirmation with its countdown (spec §2.9), the unsaved-changes guard (spec §4) and
// the confirmation result message (spec §8).
export * from './ResultMessage';
export * from './SaveConfirmationDialog';
export * from './unsavedChanges';
