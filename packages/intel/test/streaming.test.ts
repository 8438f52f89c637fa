// Streaming: a generated 50,000-record NVD page is read record by record, with bounded read-ahead, never whole.
import { describe, expect, test } from 'vitest';
import { readFeed } from '../src/index.ts';

const RECORDS = 50_000;
const PER_CHUNK = 100;

function record(i: number): string {
  return JSON.stringify({
    cve: {
      id: `CVE-2099-${String(10000 + i)}`,
      sourceIdentifier: 'test@example.org',
      published: '2099-01-01T00:00:00.000',
      lastModified: '2099-01-02T00:00:00.000',
      vulnStatus: 'Analyzed',
      descriptions: [{ lang: 'en', value: `Generated record ${i} for the streaming test; long enough to look like a real description.` }],
      metrics: {
        cvssMetricV31: [
          {
            source: 'nvd@nist.gov',
            type: 'Primary',
            cvssData: {
              version: '3.1',
              vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
              baseScore: 9.8,
              baseSeverity: 'CRITICAL',
            },
          },
        ],
      },
      configurations: [
        {
          nodes: [
            {
              operator: 'OR',
              negate: false,
              cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:example:product:*:*:*:*:*:*:*:*', versionEndExcluding: `${i}.0` }],
            },
          ],
        },
      ],
      references: [{ url: `https://example.org/advisory/${i}`, source: 'test@example.org' }],
    },
  });
}

describe('streaming', () => {
  test('50,000 records: items arrive while the page is still being produced, read-ahead stays bounded', { timeout: 120_000 }, async () => {
    const produced = { records: 0, bytes: 0 };
    async function* page(): AsyncGenerator<Uint8Array> {
      const open = Buffer.from(
        `{"resultsPerPage":${RECORDS},"startIndex":0,"totalResults":${RECORDS},"format":"NVD_CVE","version":"2.0","vulnerabilities":[`,
      );
      produced.bytes += open.length;
      yield open;
      for (let i = 0; i < RECORDS; i += PER_CHUNK) {
        const parts: string[] = [];
        for (let j = i; j < i + PER_CHUNK; j++) parts.push(record(j));
        const chunk = Buffer.from((i === 0 ? '' : ',') + parts.join(','));
        produced.records = i + PER_CHUNK;
        produced.bytes += chunk.length;
        yield chunk;
      }
      yield Buffer.from(']}');
    }

    let count = 0;
    let bytesAtFirst = 0;
    let maxAhead = 0;
    let last = '';
    for await (const item of readFeed(page(), { name: 'generated-page.json' })) {
      if (item.kind !== 'cve') continue;
      if (count === 0) bytesAtFirst = produced.bytes;
      maxAhead = Math.max(maxAhead, produced.records - count);
      count++;
      last = item.record.id;
    }
    expect(count).toBe(RECORDS);
    expect(last).toBe(`CVE-2099-${10000 + RECORDS - 1}`);
    // The whole page is ~40 MB; the first record came after well under 1 MB had been produced...
    expect(produced.bytes).toBeGreaterThan(30_000_000);
    expect(bytesAtFirst).toBeLessThan(1_000_000);
    // ...and the reader was never more than a couple of chunks (plus the 64 KiB sniff) ahead of its consumer.
    expect(maxAhead).toBeLessThanOrEqual(4 * PER_CHUNK);
  });
});
