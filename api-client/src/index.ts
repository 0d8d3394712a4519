// The only public door of @puja/api-client. A module of calls exports only what is public and
// passes whole (`export *`); the modules the calls share (http, schemas, config, applications'
// reading of an answer, send-documents) name what passes.
export {
  configureApi,
  documentUrl,
  getApiConfig,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPLOAD_TIMEOUT_MS,
} from './config';
export type { ApiConfig, ApiConfigInput, BodyEncoding, ResumableUploads } from './config';
export * from './errors';
export * from './runtime-config';
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
export * from './session-store';
export type { SessionStorage } from './web-storage';
export * from './locale-store';
export * from './account';
export * from './auth';
export * from './clubs';
export * from './users';
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
export * from './seasons';
export * from './holidays';
export * from './service-standards';
export * from './departments';
export type { ListedAppeal, ReferralApplicationSlice, ReferralDetail } from './schemas';
export * from './appeals';
export * from './reviews';
export * from './uploads';
export type { DocumentSource } from './send-documents';
export * from './verification';
