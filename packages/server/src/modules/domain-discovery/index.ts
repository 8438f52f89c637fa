// The face of domain asset discovery: its routes and its background job (the composition root registers both).
export { domainDiscoveryRoutes } from './routes.ts';
export { domainDiscoveryJobs } from './jobs.ts';
