// The face of policies (compliance policy scans): policy content and names for profiles, scans and probes, a run's
// policy hosts for results, its routes. Other modules import it from here only.
export { policyRoutes } from './routes.ts';
export { policyContent, type PolicyHostInput, policyName, savePolicyHosts } from './service.ts';
