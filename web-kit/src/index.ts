// @puja/web-kit: what both apps show the same way, with no business rule (those live in domain)
// and no UI kit (plain CSS modules, so the club portal and the Mantine console can both use it).
export { A4Sheet, SheetToolbar } from './a4-sheet';
export { appConfig, municipalityName, setAppConfig } from './app-config';
export { CertificateSheet, Clearances } from './certificate-sheet';
export { ErrorSummary, type ErrorSummaryProps, type SummaryEntry } from './error-summary';
export { errorText, outcomeText } from './error-text';
export { LanguageSwitch } from './language-switch';
export { loadStartUp } from './load-start-up';
export {
  configureToasts,
  DEFAULT_TOAST_TIMES,
  formToastId,
  listOrNone,
  notify,
  withToast,
  type ToastOptions,
  type ToastSteps,
  type ToastTimes,
  type Tracked,
} from './notify';
export { QrCode } from './qr-code';
export { said, type Said } from './said';
export { t, useDigits, useDocumentLanguage, useLocale, type LocalDigits } from './t';
export { useToastStore, type Toast, type ToastKind } from './toast-store';
export { Toaster } from './toaster';
export { useFormErrors, type ControlProps } from './use-form-errors';
export { usePageTitle } from './use-page-title';
export { useSession } from './use-session';
export { laterTextsFor } from './later-texts';
