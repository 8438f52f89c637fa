// The face of notifications: sending and delivering (the notify job, run events, reminders), the integration
// settings the vault reads, its routes. Other modules import it from here only.
export { notificationRoutes } from './routes.ts';
export {
  deliver,
  handOver,
  NOTIFY_QUEUE,
  notifyRunEnded,
  notifyRunEvent,
  queueDueReminders,
  queueNotifications,
  type Message,
  type Send,
} from './service.ts';
export { customerParams, integrationSettingsRoutes, ownCustomer } from './settings-routes.ts';
export { openSettings } from './settings.ts';
export { notificationsJobs } from './jobs.ts';
