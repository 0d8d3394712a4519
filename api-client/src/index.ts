// The only public door of @puja/api-client.
export {
  configureApi,
  documentUrl,
  getApiConfig,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPLOAD_TIMEOUT_MS,
} from './config';
export type { ApiConfig, ApiConfigInput, BodyEncoding, ResumableUploads } from './config';
export { ApiError, isApiError } from './errors';
export {
  DEFAULT_API_BASE_URL,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
} from './runtime-config';
export type { RuntimeConfig } from './runtime-config';
export type { ApiErrorKind } from './errors';
export { setUnauthorizedHandler } from './http';
export type { Outcome, UnauthorizedHandler } from './http';
export { MISSING_TOKEN_PLACEHOLDER } from './schemas';
export type {
  ClubSession,
  HistoryEntry,
  HistoryNotification,
  NotificationStatus,
  Session,
  StaffSession,
  AgencySession,
  ConsoleSession,
} from './schemas';
export {
  SESSION_STORAGE_KEY,
  createSessionStore,
  currentSession,
  sessionStore,
} from './session-store';
export type { SessionState } from './session-store';
export type { SessionStorage } from './web-storage';
export { LOCALE_STORAGE_KEY, createLocaleStore, currentLocale, localeStore } from './locale-store';
export type { LocaleState } from './locale-store';
export {
  changeEmail,
  changePhone,
  confirmEmail,
  confirmEmailChange,
  confirmPhoneChange,
  handOverClub,
  readClubAccount,
  readPrivacyNotice,
  resendEmailConfirmation,
} from './account';
export type { ClubAccount, PhoneCodeRequest } from './account';
export { changePassword, loginClub, loginStaff, logout, requestPasswordReset } from './auth';
export type { Credentials } from './auth';
export type { CodeRequest } from './clubs';
export {
  addClub,
  confirmRegistration,
  confirmRegistrationCode,
  deleteClub,
  listClubs,
  registerClub,
  registrationAwaitsConfirmation,
  resendRegistrationCode,
  releaseClub,
  setClubStatus,
  updateClub,
} from './clubs';
export { addUser, deleteUser, listUsers, updateUser } from './users';
export {
  applyForNoc,
  getApplicationHistory,
  getDashboardStats,
  getMyApplication,
  getMyApplicationHistory,
  listApplications,
  listApplicationsIfChanged,
  resendLastSms,
  uploadAcknowledgement,
} from './applications';
export type {
  ApplicationListChange,
  ApplicationResult,
  ApplyForNocInput,
  ProgressListener,
  SeasonQuery,
} from './applications';
export {
  addSeason,
  closeSeasonReview,
  listSeasonOpenApplications,
  listSeasons,
  updateSeason,
} from './seasons';
export { addHoliday, deleteHoliday, importHolidays, listHolidays, updateHoliday } from './holidays';
export {
  listServiceStandards,
  updateServiceStandard,
  type ServiceStandardInput,
} from './service-standards';
export type { HolidayInput } from './holidays';
export {
  addAgency,
  decideReferral,
  listAgencies,
  listReferrals,
  recordReferralReply,
  respondToReferral,
  updateAgency,
  withdrawReferral,
} from './departments';
export type { AgencyInput, ReferralDecisionInput } from './departments';
export type { ListedAppeal, ReferralApplicationSlice, ReferralDetail } from './schemas';
export { decideAppeal, fileAppeal, listAppeals } from './appeals';
export type { SeasonInput, SeasonResult } from './seasons';
export { decideFinal, reuploadDocument, updateDocumentStatus } from './reviews';
export {
  resumableUploadsSupported,
  uploadHeaders,
  uploadRefusalKey,
  uploadsEndpoint,
} from './uploads';
export type { DocumentSource } from './send-documents';
export type { DocumentDecision } from './reviews';
export { verifyNoc } from './verification';
