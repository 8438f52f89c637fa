// The face of the audit log: its routes, for the composition root. Other modules import it from here only.
export { auditRoutes } from './routes.ts';
