// The face of tickets: the history every change writes, the one change path (people, rules, re-tests, trackers), the
// re-test and what follows a processed run. Other modules import it from here only.
export { recordTicketEvent, TRACKER_PUSH_QUEUE, type TicketEventInput, type TicketEventKind } from './history.ts';
export { changeTicket, type ChangeOutcome, type TicketActor, type TicketPatch } from './change.ts';
export { lockTicketNumbers, openTicketsForFindings, refreshTicketScores, type OpenTicketsOptions } from './open.ts';
export { startRetest, type RetestOutcome } from './retest.ts';
export { ticketsAfterRun } from './after-run.ts';
export { ticketRoutes } from './routes.ts';
export { pushToTrackers, checkAssignees } from './change.ts';
export { resolveTicketId, ticketVisible } from './read-model.ts';
export { ticketsJobs } from './retest-jobs.ts';
