/** The customers module's front door: households, customers, vehicles and their pictures. */
export { createCustomersService, type CustomersPorts, type CustomersService, type StaffConsentChange } from './customers.service.js';
export { createCustomersRepository, type CustomersRepository } from './customers.repository.js';
export { createPicturesService, type PicturesService } from './customers.pictures.js';
export { createPicturesRepository } from './customers.pictures.repository.js';
export { pageInfo } from './customers.presenter.js';
export { customerOwnerResolvers, customerRoutes } from './customers.routes.js';
