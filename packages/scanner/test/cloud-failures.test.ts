// The collectors' failed reads as the run's errors (issue 32): one error per (call, error code) with its count and the
// regions and resources it concerned, the spec's error type (platform-core §4) chosen by what the code says, and the
// calls a stopped scan refused left out. The scans that record such failures are in cloud-aws-permissions.test.ts.
import { describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { cloudFailureErrors } from '../src/cloud/failures.ts';

describe('cloudFailureErrors', () => {
  it('groups by call and code, counting the reads and naming the regions and resources', () => {
    const errors = cloudFailureErrors([
      { call: 'ec2:DescribeInstances', code: 'UnauthorizedOperation', message: 'no', region: 'us-east-1' },
      {
        call: 'kms:DescribeKey',
        code: 'AccessDeniedException',
        message: 'no',
        region: 'eu-west-1',
        resource: 'arn:aws:kms:eu-west-1:1:key/b',
      },
      { call: 'ec2:DescribeInstances', code: 'UnauthorizedOperation', message: 'no', region: 'eu-west-1' },
      {
        call: 'kms:DescribeKey',
        code: 'AccessDeniedException',
        message: 'no',
        region: 'eu-west-1',
        resource: 'arn:aws:kms:eu-west-1:1:key/a',
      },
      { call: 'iam:GetAccountPasswordPolicy', code: 'AccessDenied', message: 'no' },
      { call: 'ec2:DescribeInstances', code: 'Stopped', message: 'The scan was stopped before this call.', region: 'us-west-2' },
    ]);
    expect(errors).toEqual([
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message:
          'UnauthorizedOperation on ec2:DescribeInstances (2 regions: eu-west-1, us-east-1): the profile lacks this permission; the controls that need it could not be read',
        call: 'ec2:DescribeInstances',
        code: 'UnauthorizedOperation',
        count: 2,
        regions: ['eu-west-1', 'us-east-1'],
        resources: [],
      },
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message:
          'AccessDenied on iam:GetAccountPasswordPolicy (the account): the profile lacks this permission; the controls that need it could not be read',
        call: 'iam:GetAccountPasswordPolicy',
        code: 'AccessDenied',
        count: 1,
        regions: [],
        resources: [],
      },
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message:
          'AccessDeniedException on kms:DescribeKey (1 region, 2 resources: arn:aws:kms:eu-west-1:1:key/a, arn:aws:kms:eu-west-1:1:key/b): the profile lacks this permission; the controls that need it could not be read',
        call: 'kms:DescribeKey',
        code: 'AccessDeniedException',
        count: 2,
        regions: ['eu-west-1'],
        resources: ['arn:aws:kms:eu-west-1:1:key/a', 'arn:aws:kms:eu-west-1:1:key/b'],
      },
    ]);
  });

  it('says throttled, not enabled, timed out or failed by the code, with an existing error type', () => {
    const one = (code: string, message = 'x') => cloudFailureErrors([{ call: 'c:Read', code, message, region: 'r1' }])[0]!;
    expect(one('ThrottlingException')).toMatchObject({
      type: SCAN_ERROR_TYPE.limits_exceeded,
      message: expect.stringContaining('kept throttling'),
    });
    expect(one('RESOURCE_EXHAUSTED')).toMatchObject({ type: SCAN_ERROR_TYPE.limits_exceeded });
    expect(one('OptInRequired')).toMatchObject({
      type: SCAN_ERROR_TYPE.empty_result,
      message: expect.stringContaining('not enabled there'),
    });
    expect(one('PERMISSION_DENIED', 'Compute Engine API has not been used in project demo before or it is disabled.')).toMatchObject({
      type: SCAN_ERROR_TYPE.empty_result,
      message: expect.stringContaining('not enabled there'),
    });
    expect(one('PERMISSION_DENIED', 'Permission denied on resource project demo.')).toMatchObject({ type: SCAN_ERROR_TYPE.auth_failed });
    expect(one('TimeoutError')).toMatchObject({ type: SCAN_ERROR_TYPE.no_response });
    expect(one('InternalError', 'We encountered an internal error.')).toMatchObject({
      type: SCAN_ERROR_TYPE.empty_result,
      message:
        'InternalError on c:Read (1 region: r1): the call failed (We encountered an internal error.); the controls that need it could not be read',
    });
  });

  it('names at most five places and counts the rest', () => {
    const regions = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const [e] = cloudFailureErrors(regions.map((region) => ({ call: 'c:Read', code: 'AccessDenied', message: 'no', region })));
    expect(e).toMatchObject({ count: 7, message: expect.stringContaining('(7 regions: a, b, c, d, e and 2 more)') });
  });
});
