// The face of scan targets: its routes, for the composition root. Other modules import it from here only.
export { targetRoutes } from './routes.ts';
