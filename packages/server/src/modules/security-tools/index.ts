// The face of the watched websites and mail servers (globalview/websites/, globalview/mailservers/, their scan logs
// and scan-now calls) and their scheduled runs. Other modules import it from here only.
export { securityToolRoutes } from './routes.ts';
export { securityToolsJobs, SECURITY_TOOLS_DUE_QUEUE } from './jobs.ts';
export { runDueMonitors } from './schedule.ts';
