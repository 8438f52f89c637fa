// A small community check library laid out as a release archive of the Nuclei template collection (one top folder,
// the engine's folders, folders it does not run, a .nuclei-ignore), for the library sync and selection tests.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';

/** The templates by path under the library's root. Written for these tests in the collection's own format. */
export const LIBRARY_FILES: Record<string, string> = {
  'http/technologies/nginx-version.yaml': `id: nginx-version
info:
  name: Nginx version
  author: bulwark
  severity: info
  description: The nginx version the server announces.
  tags: tech,nginx
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: regex
        part: header
        regex:
          - "(?i)server: nginx/[0-9.]+"
    extractors:
      - type: regex
        part: header
        group: 1
        regex:
          - "(?i)server: nginx/([0-9.]+)"
`,
  'http/exposures/configs/git-config.yaml': `id: git-config
info:
  name: Git configuration exposed
  author: bulwark
  severity: medium
  description: The repository's .git/config can be read over the web.
  tags: config,git,exposure
http:
  - method: GET
    path:
      - "{{BaseURL}}/.git/config"
    matchers:
      - type: word
        words:
          - "[core]"
`,
  'http/vulnerabilities/nginx/nginx-range-dos.yaml': `id: nginx-range-dos
info:
  name: Nginx range header denial of service
  author: bulwark
  severity: high
  tags: dos,nginx
http:
  - method: GET
    path:
      - "{{BaseURL}}/dos-probe"
    matchers:
      - type: status
        status:
          - 206
`,
  'http/exposures/logs/nginx-debug-log.yaml': `id: nginx-debug-log
info:
  name: Nginx debug log exposed
  author: bulwark
  severity: low
  tags: nginx,logs,exposure
http:
  - method: GET
    path:
      - "{{BaseURL}}/ignored-probe"
    matchers:
      - type: status
        status:
          - 200
`,
  'network/detection/ssh-banner.yaml': `id: ssh-banner-detect
info:
  name: SSH banner
  author: bulwark
  severity: info
  tags: network,ssh,detect
tcp:
  - host:
      - "{{Hostname}}"
    port: 22
    read-size: 256
    matchers:
      - type: word
        words:
          - "SSH-"
`,
  'cloud/aws/s3-public.yaml': `id: s3-public-bucket
info:
  name: A cloud template the engine does not run
  author: bulwark
  severity: high
code:
  - engine: [sh]
    source: echo
`,
  'workflows/nginx-workflow.yaml': `id: nginx-workflow
info:
  name: A workflow the engine does not run
  author: bulwark
workflows:
  - template: http/technologies/nginx-version.yaml
`,
  '.nuclei-ignore': `tags:
  - "dos"
  - "bruteforce"
files:
  - http/exposures/logs/nginx-debug-log.yaml
`,
  'README.md': '# A test library\n',
};

/** The library as a .tar.gz under one top folder (as GitHub serves a tag's archive), with `extra` files added. */
export function libraryArchive(extra: Record<string, string> = {}, top = 'nuclei-templates-10.9.9'): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bulwark-library-'));
  try {
    for (const [file, text] of Object.entries({ ...LIBRARY_FILES, ...extra })) {
      const full = path.join(dir, top, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    const out = path.join(dir, 'library.tar.gz');
    tar.c({ gzip: true, file: out, cwd: dir, sync: true, portable: true }, [top]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
