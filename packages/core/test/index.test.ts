// Tests that the package entry re-exports every module of @bulwark/core.
import { describe, it, expect } from 'vitest';
import * as core from '../src/index.ts';

describe('index', () => {
  it('re-exports permissions, routes, api schemas, codes, validators, formatters, messages and constants', () => {
    for (const name of [
      'canRead',
      'ROUTES',
      'matchRoute',
      'routeAllowed',
      'firstAccessibleChild',
      'routeByName',
      'loginRequest',
      'userProfile',
      'SCAN_TASK_STATE',
      'SUBSCRIPTION_TIERS',
      'taskStateLabel',
      'statesForFilter',
      'validatePortOrRange',
      'isValidCidr',
      'copyName',
      'formatDateTime',
      'MESSAGES',
      'crudMessages',
      'serverErrorMessage',
      'SESSION_RENEW_BEFORE_MS',
      'widgetSlot',
      'scanFilterParams',
      'aggregateScanErrors',
    ])
      expect(core, name).toHaveProperty(name);
  });
});
