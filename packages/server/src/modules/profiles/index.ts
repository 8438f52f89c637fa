// The face of scan profiles: profiles for scans and policies, the generic profile routes a scan kind mounts, the
// built-in profiles the bootstrap seeds, its routes. Other modules import it from here only.
export { seedBuiltinProfiles } from './builtin.ts';
export { type ProfileStore, scanProfileRoutes } from './routes-kind.ts';
export { profileRoutes } from './routes.ts';
export {
  freeCopyName,
  getProfile,
  insertNamedProfile,
  insertProfile,
  NAME_TAKEN,
  ownProfile,
  profileForRun,
  profileNames,
  profilesUsingPolicy,
  type ProfileWithUser,
  removeProfile,
  updateNamedProfile,
  updateProfile,
} from './service.ts';
