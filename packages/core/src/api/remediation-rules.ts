// Payload schemas of the remediation rules (feature-areas §3 Rule, §7 remediation/rules/): conditions over findings,
// actions, the preview count. Shared by the server's routes and the web app.
export {};
