// @kinfolio/ui-kit: the API client with the error catalogue, the session, the theme and the shared components.
// Shared as a Module Federation singleton, so every remote sees the shell's session.
export * from './action';
export * from './api';
export * from './billing';
export * from './components/Avatar';
export * from './components/Button';
export * from './components/display';
export { describedBy, Field, type FieldProps, useFlash } from './components/Field';
export * from './components/FilePicker';
export * from './components/inputs';
export * from './components/LazyLoad';
export * from './components/LeadMagnetEditor';
export * from './components/layout';
export * from './components/Modal';
export * from './components/MoveButtons';
export * from './components/Pager';
export * from './components/ReceiptLink';
export * from './components/TableHead';
export * from './components/ToggleGroup';
export * from './components/UndoToast';
export * from './constants';
export {
  type CookieUser,
  clearSessionCookies,
  deleteCookie,
  onSessionCleared,
  readCookie,
  readUserCookie,
  writeCookie,
  writeUserCookie,
} from './cookies';
export * from './currencyRates';
export * from './dates';
export * from './dialogs';
export * from './errors';
export * from './files';
export * from './history';
export * from './jobs';
export * from './live';
export * from './load';
export * from './media';
export * from './navigation';
export * from './permissions';
export * from './progress';
export * from './resource';
export * from './rules';
export * from './session';
export * from './theme';
export * from './typing';
export * from './uploads';
