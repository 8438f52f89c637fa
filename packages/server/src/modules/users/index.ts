// The face of users: its routes, for the composition root, and user creation for `bulwark user create`. Other modules
// import it from here only.
export { userRoutes } from './routes.ts';
export { checkNewUser, createUser, EmailTakenError, WELCOME_DAYS, type CreatedUser, type CreateUserOptions } from './create.ts';
