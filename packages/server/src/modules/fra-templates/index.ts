// The face of phishing and training templates (fra/phishing-templates/, fra/session-templates/ with steps and
// questions, their imports from the shipped library, previews and the video thumbnail lookup). Other modules import it
// from here only.
export { fraTemplateRoutes } from './routes.ts';
