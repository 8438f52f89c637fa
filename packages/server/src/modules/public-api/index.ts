// The face of the public API: its routes and the token authentication hook, for the composition root.
export { publicApiRoutes } from './routes.ts';
export { registerTokenAuth } from './token-auth.ts';
