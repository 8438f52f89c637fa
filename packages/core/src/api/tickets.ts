// Payload schemas of the tickets (feature-areas §3 Ticket, §7 remediation/tickets/ and its sub-calls): unified and
// legacy tickets, subtasks, comments, history and watchers. Shared by the server's routes and the web app.
export {};
