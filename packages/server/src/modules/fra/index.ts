// The face of phishing assessments: their routes (assessments, schedules, results, recipient results), the background
// work (sending at the assessment's rate, schedules, the end of tracking) and the phishing listener (landing pages,
// tracking, training) that the serving process starts. Other modules import it from here only.
export { fraRoutes } from './routes.ts';
export { fraJobs } from './jobs.ts';
export { trackingListenerOf, type TrackingListener } from './tracking/listener.ts';
