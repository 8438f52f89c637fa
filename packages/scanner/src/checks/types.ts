// The check engine's types: a parsed, validated template (Nuclei subset + Bulwark fields) and its parts.
import type { Confidence } from '../types.ts';
import type { Expr } from './dsl.ts';
import type { JsonQuery } from './json-query.ts';

export type Severity = 0 | 1 | 2 | 3 | 4;

export interface Matcher {
  type: 'word' | 'regex' | 'status' | 'size' | 'dsl' | 'binary';
  name?: string;
  part: string;
  condition: 'and' | 'or';
  negative: boolean;
  /** Nuclei's `internal`: evaluated, but its match alone is no result (it gates a flow or a later request). */
  internal: boolean;
  caseInsensitive: boolean;
  /** word/binary: the strings to look for (binary and `encoding: hex` words are decoded to latin1 bytes). */
  words: string[];
  regex: RegExp[];
  status: number[];
  size: number[];
  dsl: Expr[];
  /** Source text of the dsl expressions, for evidence. */
  dslText: string[];
}

export interface Extractor {
  type: 'regex' | 'kval' | 'dsl' | 'json';
  name?: string;
  part: string;
  internal: boolean;
  regex: RegExp[];
  group: number;
  kval: string[];
  dsl: Expr[];
  json: JsonQuery[];
}

export interface Operators {
  matchers: Matcher[];
  matchersCondition: 'and' | 'or';
  extractors: Extractor[];
}

export interface HttpRequest extends Operators {
  kind: 'http';
  /** One entry per request to send: either method + path (+ headers/body) or a raw request. */
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string;
    /** A raw request's `@timeout` annotation, ms. */
    timeoutMs?: number;
    /** `unsafe: true` raw requests go over the socket byte for byte: the text as written, markers filled. */
    raw?: string;
  }[];
  redirects: boolean;
  maxRedirects: number;
  stopAtFirstMatch: boolean;
  /** The block's variables (request-level `variables`), filled after the template's. */
  variables: [string, string][];
  /** Payload values of each round (one round without payloads): every request is sent once per round. */
  rounds: Record<string, string>[];
  /** Matchers read several responses (`status_code_1`, `body_2` …, or `req-condition: true`): match after the round. */
  reqCondition: boolean;
  /** Cookies set by a response go with the next requests of the run (Nuclei's default; off with `disable-cookie`). */
  cookies: boolean;
}

export interface NetworkInput {
  data: string; // latin1 bytes
  name?: string;
  read?: number;
}

export interface NetworkRequest extends Operators {
  kind: 'network';
  /** Address templates, e.g. "{{Hostname}}", "tls://{{Hostname}}", "udp://{{Host}}:161". */
  hosts: string[];
  ports: number[];
  inputs: NetworkInput[];
  readSize: number;
  /** Bulwark extension: a structured protocol probe instead of raw inputs. */
  probe?: 'ssh-kexinit' | 'ssh-auth-methods' | 'dns-axfr';
}

export interface SslRequest extends Operators {
  kind: 'ssl';
  address: string;
  minVersion?: TlsVersionName;
  maxVersion?: TlsVersionName;
  /** OpenSSL cipher names (Go/IANA names of common suites are translated). */
  cipherSuites: string[];
}

export type TlsVersionName = 'tls10' | 'tls11' | 'tls12' | 'tls13';

/** Where a template comes from: the package's own checks, or an operator's folder (BULWARK_CHECKS_DIRS). */
export type TemplateSource = 'shipped' | 'community';

export interface CheckTemplate {
  id: string;
  file?: string;
  source: TemplateSource;
  /** A community template's YAML text: the server sends it to the probes with the tasks that select it. */
  yaml?: string;
  /** Payload files the template read, by the name it gives them (sent to probes with the YAML). */
  files?: Record<string, string>;
  info: {
    name: string;
    severity: Severity;
    severityName: string;
    description?: string;
    remediation?: string;
    reference: string[];
    tags: string[];
    cve: string[];
    cwe: string[];
    cvssScore?: number;
    cvssMetrics?: string;
  };
  /** Bulwark's own fields (top-level `bulwark:` key). */
  bulwark: {
    category: string;
    solution: string;
    confidence: Confidence;
    /** Service names the template runs on (overrides the protocol's default set). */
    services: string[];
  };
  http: HttpRequest[];
  network: NetworkRequest[];
  ssl: SslRequest[];
  /** Top-level `variables`, in order: each may use the target variables, helpers and the variables before it. */
  variables: [string, string][];
  /** Where a community template comes from: its library ('Nuclei community templates') or the operator's folder. */
  origin?: string;
  /** Why it does not run while a profile keeps safe checks on (an intrusive tag, its library's ignore list). */
  unsafe?: string;
  /**
   * Uses Nuclei's out-of-band URL ({{interactsh-url}}) or matches on what the callback recorded: runs only with the
   * scan's callback listener (RunChecksOptions.oob).
   */
  interactsh?: boolean;
}

export { TemplateError } from './errors.ts';
