// The face of phishing and training templates (fra/phishing-templates/, fra/session-templates/ with steps and
// questions, their imports from the shipped library, previews and the video thumbnail lookup). Other modules import it
// from here only: sending renders a training invitation with invitationEmail, and reads templates with the getters.
export { fraTemplateRoutes } from './routes.ts';
export { getPhishingTemplate } from './phishing-templates.ts';
export { getSessionTemplate } from './session-templates.ts';
export { embedUrl, invitationEmail, type InvitationEmail } from './previews.ts';
