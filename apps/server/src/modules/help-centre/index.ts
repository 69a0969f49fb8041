export { helpCentre } from './help-centre-plugin';
export { helpCentreRoutes, type HelpCentreRoutesOptions } from './routes';
export { helpCentreAdminRoutes } from './admin-routes';
export { helpPages } from './help-pages';
