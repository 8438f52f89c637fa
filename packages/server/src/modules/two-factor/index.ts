// The face of two-factor enrolment: its routes, for the composition root. Other modules import it from here only.
export { twoFactorRoutes } from './routes.ts';
