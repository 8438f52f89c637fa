// The face of the test catalogue: the catalogue itself and test selection, for profiles, probes and results; its
// routes. Other modules import it from here only.
export { catalogue, type Catalogue, communityTemplatesOf, selectTests, unknownSelections, useCommunityLibrary } from './catalogue.ts';
export { catalogueRoutes } from './routes.ts';
