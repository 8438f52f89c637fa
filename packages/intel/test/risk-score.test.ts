// Risk score: the worked examples of docs/risk-score.md, computed from the fixtures (doc and code cannot drift), and the model's shape.
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type FindingRiskInput,
  IntelIndex,
  assetRiskScore,
  cvssBasePoints,
  explainFindingRisk,
  findingRiskScore,
  importFeed,
  riskBand,
} from '../src/index.ts';
import { fixture } from './helpers.ts';

const index = new IntelIndex();
beforeAll(async () => {
  for (const feed of ['nvd', 'kev/known_exploited_vulnerabilities.json', 'epss'])
    await importFeed(fixture(feed), (item) => index.add(item));
});

/** The risk inputs of a CVE as the fixtures give them. */
function inputOf(id: string): FindingRiskInput {
  const cve = index.getCve(id);
  const kev = index.getKev(id);
  return {
    cvss: cve?.primaryCvss?.score ?? null,
    epss: index.getEpss(id)?.epss ?? null,
    kev: Boolean(kev ?? cve?.kev),
    ransomware: kev?.ransomware ?? false,
  };
}

describe('worked examples (docs/risk-score.md)', () => {
  test('CVE-2024-6387 regreSSHion: CVSS 8.1, no EPSS score, not in KEV → 39.2 high', () => {
    expect(inputOf('CVE-2024-6387')).toEqual({ cvss: 8.1, epss: null, kev: false, ransomware: false });
    expect(explainFindingRisk(inputOf('CVE-2024-6387'))).toEqual({
      score: 39.2,
      band: 'high',
      cvss: 8.1,
      assumedCvss: false,
      base: 39.2,
      exploitation: 0,
      uplift: 0,
    });
  });

  test('CVE-2017-0144 EternalBlue: CVSS 8.8, KEV with ransomware, EPSS 0.97446 → 96.6 critical', () => {
    expect(inputOf('CVE-2017-0144')).toEqual({ cvss: 8.8, epss: 0.97446, kev: true, ransomware: true });
    expect(explainFindingRisk(inputOf('CVE-2017-0144'))).toEqual({
      score: 96.6,
      band: 'critical',
      cvss: 8.8,
      assumedCvss: false,
      base: 45,
      exploitation: 1,
      uplift: 0.9381,
    });
  });

  test('CVE-2023-48795 Terrapin: not yet scored by NVD in the sample, EPSS 0.71637 → 46.6 high', () => {
    expect(inputOf('CVE-2023-48795')).toEqual({ cvss: null, epss: 0.71637, kev: false, ransomware: false });
    expect(explainFindingRisk(inputOf('CVE-2023-48795'))).toEqual({
      score: 46.6,
      band: 'high',
      cvss: 5,
      assumedCvss: true,
      base: 16.7,
      exploitation: 0.8464,
      uplift: 0.3591,
    });
  });

  test('CVE-2023-38408 ssh-agent: CVSS 9.8, EPSS 0.02999 → 58.1 high', () => {
    expect(explainFindingRisk(inputOf('CVE-2023-38408'))).toMatchObject({ score: 58.1, base: 53.3, exploitation: 0.1732, uplift: 0.1029 });
  });

  test('CVE-2024-3400 PAN-OS: CVSS 10.0, KEV with ransomware, no EPSS → 100', () => {
    expect(inputOf('CVE-2024-3400')).toEqual({ cvss: 10, epss: null, kev: true, ransomware: true });
    expect(findingRiskScore(inputOf('CVE-2024-3400'))).toBe(100);
  });

  test('an asset with OpenSSH 8.9p1: 65.6 internal, 82.0 internet-facing', () => {
    const findings = index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '8.9p1' }).map((m) => m.risk_score);
    expect(findings).toEqual([58.1, 54.8, 39.2]);
    expect(assetRiskScore(findings)).toBe(65.6);
    expect(assetRiskScore(findings, { internetFacing: true })).toBe(82);
  });

  test('business criticality weighs the same findings: 49.2 low, 65.6 medium, 75.5 high, 85.3 critical', () => {
    const findings = [58.1, 54.8, 39.2];
    expect([1, 2, 3, 4].map((c) => assetRiskScore(findings, { criticality: c as 1 | 2 | 3 | 4 }))).toEqual([49.2, 65.6, 75.5, 85.3]);
    expect(assetRiskScore(findings, { criticality: 4, internetFacing: true })).toBe(100);
  });

  test('a Windows host with EternalBlue: 96.6, internet-facing capped at 100', () => {
    expect(assetRiskScore([inputOf('CVE-2017-0144')])).toBe(96.6);
    expect(assetRiskScore([inputOf('CVE-2017-0144')], { internetFacing: true })).toBe(100);
  });

  test('ten medium findings of 20 make 27.7: still medium', () => {
    expect(assetRiskScore(Array(10).fill(20))).toBe(27.7);
    expect(assetRiskScore([20])).toBe(20);
  });
});

describe('model shape', () => {
  test('CVSS alone maps each severity band onto the same risk band, topping out at 55', () => {
    expect([0, 3.9, 4.0, 6.9, 7.0, 8.9, 9.0, 10].map((c) => riskBand(findingRiskScore({ cvss: c })))).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'high',
      'high',
    ]);
    expect(cvssBasePoints(10)).toBe(55);
    expect(cvssBasePoints(4)).toBe(10);
    expect(cvssBasePoints(7)).toBe(30);
  });

  test('the score grows with CVSS and with each kind of evidence', () => {
    for (const c of [2, 5, 7.5, 9.8]) {
      const plain = findingRiskScore({ cvss: c });
      const epss = findingRiskScore({ cvss: c, epss: 0.2 });
      const kev = findingRiskScore({ cvss: c, kev: true });
      const ransom = findingRiskScore({ cvss: c, kev: true, ransomware: true });
      expect(plain).toBeLessThan(epss);
      expect(epss).toBeLessThan(kev);
      expect(kev).toBeLessThan(ransom);
    }
    expect(findingRiskScore({ cvss: 7 })).toBeLessThan(findingRiskScore({ cvss: 7.1 }));
  });

  test('known exploitation moves High into Critical and Medium into High', () => {
    expect(findingRiskScore({ cvss: 7.0, kev: true })).toBe(65.1);
    expect(findingRiskScore({ cvss: 4.0, kev: true })).toBe(44.2);
    expect(riskBand(findingRiskScore({ cvss: 7.0, kev: true }))).toBe('critical');
    expect(riskBand(findingRiskScore({ cvss: 4.0, kev: true }))).toBe('high');
  });

  test('a CVSS 0 finding stays at 0 whatever the evidence', () => {
    expect(findingRiskScore({ cvss: 0, kev: true, ransomware: true, epss: 1 })).toBe(0);
  });

  test('severity stands in for a missing score; nothing at all counts as Medium', () => {
    expect(explainFindingRisk({ severity: 4 })).toMatchObject({ cvss: 9.5, assumedCvss: true });
    expect(explainFindingRisk({})).toMatchObject({ cvss: 5, assumedCvss: true, score: 16.7 });
  });

  test('asset: worst finding is the floor, more findings add less and less, bounded by 100', () => {
    expect(assetRiskScore([])).toBe(0);
    expect(assetRiskScore([50])).toBe(50);
    expect(assetRiskScore([50, 50])).toBe(56.3);
    expect(assetRiskScore([50, 50, 50])).toBe(59);
    expect(assetRiskScore(Array(1000).fill(50))).toBeLessThan(62);
    expect(assetRiskScore([50, 10])).toBeLessThan(assetRiskScore([50, 50]));
    expect(assetRiskScore([90, 5, 5], { internetFacing: true })).toBe(100);
  });
});
