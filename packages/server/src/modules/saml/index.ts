// The face of SAML single sign-on: its routes for the composition root, and the customer setting for the customer
// routes (GET/PATCH /api/customer/). Other modules import it from here only.
export { samlRoutes } from './routes.ts';
export { planSamlSettings, samlSettingsOf, type SamlChange } from './settings.ts';
