// The check engine's one error (a template that cannot be read or run), a floor below its types: the DSL, regex and
// JSON-query parsers throw it while types.ts imports their expression types, so it cannot live in types.ts.
export class TemplateError extends Error {}
