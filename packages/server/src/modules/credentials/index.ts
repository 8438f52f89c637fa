// The face of scan credentials: logins built from a credential row, references and host authentication, for
// profiles, policies, probes and results; its routes. Other modules import it from here only.
export { assetAuthenticationRoutes } from './routes-assets.ts';
export { credentialRoutes } from './routes.ts';
export {
  type AuthStateInput,
  credentialReferenceErrors,
  credentialRowsFor,
  kernelMatches,
  linuxLoginOf,
  loginsOf,
  ownCredentialReferences,
  pinnedHostKeys,
  saveHostAuth,
  windowsLoginOf,
} from './service.ts';
export { isOwnWebCredential, webCredentialErrors, webCredentialRow, webLoginOf } from './web-login.ts';
