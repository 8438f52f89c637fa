// CWE ids as links to MITRE's pages ("CWE-287, CWE-306"), for the issue page and the test catalogue's page.
import { Fragment } from 'react';
import { Anchor } from '@mantine/core';

/** MITRE's page of a CWE id ("CWE-287" or "287"). */
export const cweUrl = (cwe: string) => `https://cwe.mitre.org/data/definitions/${encodeURIComponent(cwe.replace(/^CWE-/i, ''))}.html`;

export function CweLinks({ cwes }: { cwes: readonly string[] }) {
  return (
    <>
      {cwes.map((c, i) => (
        <Fragment key={c}>
          {i > 0 && ', '}
          <Anchor href={cweUrl(c)} target="_blank" rel="noreferrer">
            {c}
          </Anchor>
        </Fragment>
      ))}
    </>
  );
}
