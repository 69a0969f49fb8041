export { PlacesRepository, byName, placeName } from './places-repository';
export { placesRoutes } from './routes';
export { isKnownTimezone } from './timezones';
