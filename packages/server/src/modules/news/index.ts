// The face of news: newly exploited vulnerabilities announced by housekeeping, its routes. Other modules import it from
// here only.
export { newsRoutes } from './routes.ts';
export { announceNewlyExploited } from './service.ts';
export { newsJobs } from './jobs.ts';
