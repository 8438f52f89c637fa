// Payload schemas of the exceptions (feature-areas §3 Exception, §7 exclusions/exclusions/): what is kept out of
// scanning and ticketing, why and until when. Shared by the server's routes and the web app.
export {};
