// The face of tags: its routes, for the composition root. Other modules import it from here only.
export { tagRoutes } from './routes.ts';
