// The face of customers (a customer's own settings): its routes, for the composition root. Other modules import it from
// here only.
export { customerRoutes } from './routes.ts';
