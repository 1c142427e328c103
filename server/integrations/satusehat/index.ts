export {
  httpSatusehatClient,
  type PatientMatch,
  SATUSEHAT_URLS,
  type SatusehatClient,
  SatusehatError,
  type SatusehatSettings,
} from './client';
export { readSatusehatEnv } from './config';
