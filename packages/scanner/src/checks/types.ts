// The check engine's types: a parsed, validated template (Nuclei subset + Bulwark fields) and its parts.
import type { Confidence } from '../types.ts';
import type { Expr } from './dsl.ts';

export type Severity = 0 | 1 | 2 | 3 | 4;

export interface Matcher {
  type: 'word' | 'regex' | 'status' | 'size' | 'dsl' | 'binary';
  name?: string;
  part: string;
  condition: 'and' | 'or';
  negative: boolean;
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
  type: 'regex' | 'kval' | 'dsl';
  name?: string;
  part: string;
  internal: boolean;
  regex: RegExp[];
  group: number;
  kval: string[];
  dsl: Expr[];
}

export interface Operators {
  matchers: Matcher[];
  matchersCondition: 'and' | 'or';
  extractors: Extractor[];
}

export interface HttpRequest extends Operators {
  kind: 'http';
  /** One entry per request to send: either method + path (+ headers/body) or a raw request. */
  requests: { method: string; path: string; headers: Record<string, string>; body: string }[];
  redirects: boolean;
  maxRedirects: number;
  stopAtFirstMatch: boolean;
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

export interface CheckTemplate {
  id: string;
  file?: string;
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
}

export class TemplateError extends Error {}
