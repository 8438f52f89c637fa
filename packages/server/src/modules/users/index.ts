// The face of users: its routes, for the composition root. Other modules import it from here only.
export { userRoutes } from './routes.ts';
