// The face of teams: its routes, for the composition root. Other modules import it from here only.
export { teamRoutes } from './routes.ts';
