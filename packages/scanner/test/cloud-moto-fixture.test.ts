// The moto fixture starts and answers as AWS does (an STS caller identity), so the cloud tests have an account to scan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motoSource, startMoto, type Moto } from './cloud-helpers/moto.ts';

const source = motoSource();

describe.skipIf('missing' in source)('moto fixture', () => {
  let moto: Moto;
  beforeAll(async () => {
    moto = await startMoto('127.0.70.1');
  }, 120_000);
  afterAll(async () => {
    await moto?.stop();
  });

  it('answers STS GetCallerIdentity with moto’s account', async () => {
    const r = await fetch(moto.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261129/us-east-1/sts/aws4_request, SignedHeaders=host, Signature=x',
      },
      body: 'Action=GetCallerIdentity&Version=2011-06-15',
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<Account>123456789012</Account>');
  });
});
if ('missing' in source) console.warn(`moto fixture tests skipped: ${source.missing}`);
