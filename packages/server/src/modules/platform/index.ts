// The face of the platform (operators' view of customers): customers for the CLI, its routes. Other modules import it
// from here only.
export { platformRoutes } from './routes.ts';
export { createCustomer, getCustomer, listCustomers, setOperator, updateCustomer } from './service.ts';
