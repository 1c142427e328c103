/** The calls of the session area, path by path (000 §7; no leading slash, the client adds its base). */
export const PATHS = {
  signIn: 'cashier/pos/auth/sign-in',
  signInConfirmation: 'cashier/pos/auth/sign-in-confirmation',
  signOut: 'cashier/pos/auth/sign-out',
  config: 'cashier/config',
  forgotPassword: 'cashier/auth/forgot-password',
  /** Outside the spec: the forgot-password e-mail's link lands here (docs/api.md). */
  resetPassword: 'cashier/auth/reset-password',
  appointment: 'cashier/appointment',
  healthz: 'healthz',
} as const;

/** Request headers after sign-in (000 §7, ruling 4: both build-header names). */
export const HEADERS = {
  clientKey: 'Authorization',
  loginToken: 'APP-Token',
  authorizationType: 'Authorization-Type',
  platform: 'Platform',
  appVersion: 'App-Version',
  buildNumber: 'Build-Number',
  appBuild: 'App-Build',
} as const;
export const AUTHORIZATION_TYPE = 'business_user';
/**
 * GET cashier/config's revalidation (issue 28, docs/architecture.md "Configuration cache"): the client sends
 * the ETag it holds; a 304 answers without a body and carries the answer's retrieve_time in a header.
 */
export const CONFIG_CACHE_HEADERS = {
  ifNoneMatch: 'If-None-Match',
  etag: 'ETag',
  retrieveTime: 'Config-Retrieve-Time',
} as const;
/** 003 §9: the app's version and build, the one source for the headers and Home. */
export const APP_VERSION = '1.8.70';
export const APP_BUILD = '20251030';
