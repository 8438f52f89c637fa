// `bulwark user create`: adds a user to a customer, with a password or a mailed welcome link. The logic is the users
// module's (modules/users/create.ts), the same the users screen's Invite and Create use.
export { checkNewUser, createUser, type CreatedUser, type CreateUserOptions } from '../modules/users/index.ts';
