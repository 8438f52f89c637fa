// Continuous monitoring's engines: a watched website's checks, a mail domain's DNS checks and each mail exchanger's
// SMTP checks, and a monitoring profile's light recurring look at ports and certificates.
export { checkWebsite, contentHash, normaliseContent, type WebsiteCheckOptions } from './website.ts';
export { checkMailDomain, type MailCheckOptions } from './mail/index.ts';
export { checkMailExchanger, type MxCheckOptions } from './mail/smtp.ts';
export { MailResolver, type MailResolverOptions } from './mail/resolver.ts';
export { lookAtPorts, type PortLook, type PortLookOptions, type PortLookResult } from './ports.ts';
