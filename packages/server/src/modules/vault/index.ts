// The face of the credential vault (BeyondTrust): borrowing and returning a credential for a task, its routes. Other
// modules import it from here only.
export { vaultRoutes } from './routes.ts';
export { borrow, type Borrowed, checkIn, releaseVault, VAULT_NOT_SET_UP, type VaultContext } from './service.ts';
