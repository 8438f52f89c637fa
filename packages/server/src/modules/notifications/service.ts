// What other modules use of notifications: recording a run's event or a reminder for its schedule's channels, and
// handing recorded messages to the job queue; and the job that sends one.
export { notifyRunEvent, notifyRunEnded, queueDueReminders, type RunEvent } from './events.ts';
export { handOver, deliver, NOTIFY_QUEUE, queueNotifications, type Send, type DeliveryDeps } from './deliveries.ts';
export type { Message } from './channels.ts';
export { getSettings, openSettings, saveSettings, type OpenSettings } from './settings.ts';
