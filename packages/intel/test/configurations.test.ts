// evaluateConfigurations: OR/AND nodes, negation, "running on" platforms (strict and assumed), legacy child nodes.
import { describe, expect, test } from 'vitest';
import { type Configuration, type CpeMatch, cveProductKeys, evaluateConfigurations } from '../src/index.ts';
import { nvdRecord } from './helpers.ts';

const m = (criteria: string, vulnerable = true, range: Partial<CpeMatch> = {}): CpeMatch => ({ criteria, vulnerable, ...range });

const SMB = 'cpe:2.3:a:microsoft:server_message_block:1.0:*:*:*:*:*:*:*';
const WIN7 = 'cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*';
const LINUX = 'cpe:2.3:o:linux:linux_kernel:6.1:*:*:*:*:*:*:*';

describe('AND "running on" (CVE-2017-0144: SMBv1 on Windows)', () => {
  const eternalBlue = nvdRecord('CVE-2017-0144');

  test('applies with the vulnerable product and a listed platform, naming the platform', () => {
    const result = evaluateConfigurations(eternalBlue.configurations, [SMB, WIN7]);
    expect(result.vulnerable).toBe(true);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0].criteria.criteria).toBe(SMB);
    expect(result.matches[0].cpe).toBe(SMB);
    expect(result.matches[0].platforms.map((p) => p.criteria.criteria)).toEqual([WIN7]);
  });

  test('does not apply on another OS, nor without the product, nor (strictly) without the platform', () => {
    expect(evaluateConfigurations(eternalBlue.configurations, [SMB, LINUX]).vulnerable).toBe(false);
    expect(evaluateConfigurations(eternalBlue.configurations, [WIN7]).vulnerable).toBe(false);
    expect(evaluateConfigurations(eternalBlue.configurations, [SMB]).vulnerable).toBe(false);
  });

  test('assumeUnknownPlatforms: an unknown OS is assumed, a known other OS is not', () => {
    const assumed = evaluateConfigurations(eternalBlue.configurations, [SMB], { assumeUnknownPlatforms: true });
    expect(assumed.vulnerable).toBe(true);
    expect(assumed.matches[0].platforms).toEqual([]);
    expect(assumed.matches[0].assumedPlatforms).toHaveLength(15);
    expect(evaluateConfigurations(eternalBlue.configurations, [SMB, LINUX], { assumeUnknownPlatforms: true }).vulnerable).toBe(false);
  });

  test('a platform entry alone never makes a record apply', () => {
    expect(evaluateConfigurations(eternalBlue.configurations, [WIN7], { assumeUnknownPlatforms: true }).vulnerable).toBe(false);
  });

  test('hardware platform (CVE-2021-41617 NetApp AFF A250 firmware on the A250)', () => {
    const rec = nvdRecord('CVE-2021-41617');
    const firmware = 'cpe:2.3:o:netapp:aff_a250_firmware:-:*:*:*:*:*:*:*';
    const hardware = 'cpe:2.3:h:netapp:aff_a250:-:*:*:*:*:*:*:*';
    expect(evaluateConfigurations(rec.configurations, [firmware, hardware]).vulnerable).toBe(true);
    expect(evaluateConfigurations(rec.configurations, [firmware]).vulnerable).toBe(false);
    expect(evaluateConfigurations(rec.configurations, [firmware], { assumeUnknownPlatforms: true }).vulnerable).toBe(true);
  });
});

describe('negation and operators', () => {
  // "product X in every version except 2.0": AND of X and NOT X 2.0
  const exceptTwo: Configuration[] = [
    {
      operator: 'AND',
      nodes: [
        { operator: 'OR', negate: false, cpeMatch: [m('cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*')] },
        { operator: 'OR', negate: true, cpeMatch: [m('cpe:2.3:a:acme:widget:2.0:*:*:*:*:*:*:*', false)] },
      ],
    },
  ];

  test('a negated node excludes what it matches', () => {
    expect(evaluateConfigurations(exceptTwo, ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*']).vulnerable).toBe(true);
    expect(evaluateConfigurations(exceptTwo, ['cpe:2.3:a:acme:widget:2.0:*:*:*:*:*:*:*']).vulnerable).toBe(false);
  });

  test('a negated configuration never reports a match', () => {
    const negated: Configuration[] = [
      { negate: true, nodes: [{ operator: 'OR', negate: false, cpeMatch: [m('cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*')] }] },
    ];
    expect(evaluateConfigurations(negated, ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*']).vulnerable).toBe(false);
  });

  test('a node with operator AND needs every entry', () => {
    const both: Configuration[] = [
      {
        nodes: [
          {
            operator: 'AND',
            negate: false,
            cpeMatch: [m('cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*'), m('cpe:2.3:a:acme:plugin:*:*:*:*:*:*:*:*')],
          },
        ],
      },
    ];
    expect(evaluateConfigurations(both, ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*']).vulnerable).toBe(false);
    const r = evaluateConfigurations(both, ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*', 'cpe:2.3:a:acme:plugin:3:*:*:*:*:*:*:*']);
    expect(r.matches.map((x) => x.cpe)).toEqual(['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*', 'cpe:2.3:a:acme:plugin:3:*:*:*:*:*:*:*']);
  });

  test('OR between configurations; each holding one reports its entries', () => {
    const rec = nvdRecord('CVE-2024-6387');
    const r = evaluateConfigurations(rec.configurations, ['cpe:2.3:a:openbsd:openssh:9.7:p1:*:*:*:*:*:*']);
    expect(r.vulnerable).toBe(true);
    expect(r.matches.map((x) => [x.configuration, x.criteria.versionStartIncluding, x.criteria.versionEndExcluding])).toEqual([
      [0, '8.6', '9.8'],
    ]);
    expect(evaluateConfigurations(rec.configurations, ['cpe:2.3:a:openbsd:openssh:9.8:p1:*:*:*:*:*:*']).vulnerable).toBe(false);
  });

  test('legacy (NVD 1.1) child nodes', () => {
    const legacy: Configuration[] = [
      {
        nodes: [
          {
            operator: 'AND',
            negate: false,
            cpeMatch: [],
            children: [
              { operator: 'OR', negate: false, cpeMatch: [m('cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*', true, { versionEndExcluding: '3' })] },
              { operator: 'OR', negate: false, cpeMatch: [m('cpe:2.3:o:acme:os:*:*:*:*:*:*:*:*', false)] },
            ],
          },
        ],
      },
    ];
    expect(evaluateConfigurations(legacy, ['cpe:2.3:a:acme:widget:2:*:*:*:*:*:*:*', 'cpe:2.3:o:acme:os:1:*:*:*:*:*:*:*']).vulnerable).toBe(
      true,
    );
    expect(evaluateConfigurations(legacy, ['cpe:2.3:a:acme:widget:3:*:*:*:*:*:*:*', 'cpe:2.3:o:acme:os:1:*:*:*:*:*:*:*']).vulnerable).toBe(
      false,
    );
  });

  test('no configurations: nothing applies', () => {
    expect(
      evaluateConfigurations(nvdRecord('CVE-2023-48795').configurations, ['cpe:2.3:a:openbsd:openssh:9.5:*:*:*:*:*:*:*']).vulnerable,
    ).toBe(false);
  });
});

describe('cveProductKeys', () => {
  test('lists products, marking the ones only named as platforms', () => {
    const keys = cveProductKeys(nvdRecord('CVE-2017-0144').configurations);
    expect(keys.find((k) => k.product === 'server_message_block')).toEqual({
      part: 'a',
      vendor: 'microsoft',
      product: 'server_message_block',
      vulnerable: true,
    });
    expect(keys.find((k) => k.product === 'windows_7')).toMatchObject({ part: 'o', vulnerable: false });
    expect(new Set(keys.map((k) => `${k.vendor}:${k.product}`)).size).toBe(keys.length);
  });

  test('CVE-2024-6387 names OpenSSH and the distributions', () => {
    const keys = cveProductKeys(nvdRecord('CVE-2024-6387').configurations).filter((k) => k.vulnerable);
    expect(keys.map((k) => `${k.vendor}:${k.product}`)).toEqual(expect.arrayContaining(['openbsd:openssh', 'redhat:enterprise_linux']));
  });
});
