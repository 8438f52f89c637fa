// The face of was-results: the read routes of what web runs found (site maps, web-application assets with their
// latest run, a run's extras). Processing them is results' (results/web-process.ts).
export { wasResultsRoutes } from './routes.ts';
