// The face of continuous monitoring: monitoring profiles and their alerts (routes), and the background work that
// watches (the profiles' own checks, what each processed scan changed). Other modules import it from here only.
export { monitoringRoutes } from './routes.ts';
export { monitoringJobs } from './jobs.ts';
