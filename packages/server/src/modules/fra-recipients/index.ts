// The face of recipients (fra/recipients/ with import and Azure AD sync), domains and domain categories. Other modules
// import it from here only: assessments resolve whom they go to through selectRecipients.
export { fraRecipientRoutes } from './routes.ts';
export { selectRecipients, type SelectedRecipient } from './selection.ts';
