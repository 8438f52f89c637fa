// The check engine's public API: load and parse YAML templates (Nuclei subset + Bulwark fields), run them against a host.

export { DEFAULT_CHECKS_DIR, loadTemplates, type Refusal } from './load.ts';
export { parseTemplate, TEMPLATE_VARIABLES, type ParseOptions } from './parse.ts';
export {
  checksDirs,
  loadCheckCatalogue,
  communityTemplates,
  type CheckCatalogue,
  type CommunityCache,
  type CommunityFolder,
  type CommunityTemplate,
  type RefusedTemplate,
} from './community.ts';
export { runChecks, applies, type RunChecksOptions } from './run.ts';
export { COMMUNITY_CATEGORIES, UNSAFE_TAGS, communityCategory, libraryRules, markLibrary, unsafeReason } from './library.ts';
export { detectWebTechnologies, portTechnologies, needsTechnologies } from './technologies.ts';
export { translateRe2 } from './regex.ts';
export { parseDsl, evalDsl, DSL_FUNCTIONS } from './dsl.ts';
export { runOperators, type ResponseView } from './match.ts';
export { TemplateError } from './types.ts';
export { categoryId, selectTemplates, type TestSelection } from './select.ts';
export type { CheckTemplate, Matcher, Extractor, HttpRequest, NetworkRequest, SslRequest, Severity, TemplateSource } from './types.ts';
