// Pure rules of the administration screens: the role shown for a user, the permission matrix (read implied, unknown
// entries dropped), the PATCH of a customer's changed fields, the licence status, and audit summary values.
import { describe, expect, it } from 'vitest';
import { PERMISSION_RESOURCES } from '@bulwark/core';
import { summaryEntries, summaryValue } from '../audit/audit-format.ts';
import { customerLicence, customerPatch, customerValues } from '../platform/customer-form.ts';
import { matrixOf, permissionsPayload, toggleAction, userRoleText } from './user-format.ts';
import { RESOURCE_LABELS } from '../../components/permission-labels.ts';
import { aPlatformCustomer } from '../../../test/support/fixtures.ts';

describe('userRoleText', () => {
  it('says Administrator for superusers and customer admins, the preset label, or Custom', () => {
    expect(userRoleText({ is_superuser: true, customer_admin: false, role: null })).toBe('Administrator');
    expect(userRoleText({ is_superuser: false, customer_admin: true, role: 'auditor' })).toBe('Administrator');
    expect(userRoleText({ is_superuser: false, customer_admin: false, role: 'scan_operator' })).toBe('Scan operator');
    expect(userRoleText({ is_superuser: false, customer_admin: false, role: null })).toBe('Custom');
  });
});

describe('the permission matrix', () => {
  it('names every resource', () => {
    expect(PERMISSION_RESOURCES.every((r) => RESOURCE_LABELS[r].length > 0)).toBe(true);
  });

  it('reads a map: unknown resources and actions dropped, read added to a row that has another action', () => {
    expect(matrixOf({ net_scans: ['delete', 'read', 'fly'], nope: ['read'], tags: [], probes: ['update'] })).toEqual({
      net_scans: ['read', 'delete'],
      probes: ['read', 'update'],
    });
  });

  it('ticks read with another action, clears the row when read is unticked, and leaves out empty rows', () => {
    let m = toggleAction({}, 'tags', 'update', true);
    expect(m).toEqual({ tags: ['read', 'update'] });
    m = toggleAction(m, 'tags', 'update', false);
    expect(m).toEqual({ tags: ['read'] });
    m = toggleAction(toggleAction(m, 'tags', 'execute', true), 'tags', 'read', false);
    expect(m).toEqual({});
    expect(permissionsPayload({ tickets: ['read'], net_scans: ['execute', 'read'] })).toEqual({
      net_scans: ['read', 'execute'],
      tickets: ['read'],
    });
  });
});

describe('customerPatch', () => {
  const customer = aPlatformCustomer({ feature_flags: ['onprem-da', 'cloud-scanning'] });

  it('is empty when nothing changed, whatever the order of the flags', () => {
    expect(customerPatch(customer, customerValues(customer))).toEqual({});
  });

  it('holds only the fields changed, the tier as a number and an emptied date as null', () => {
    const values = { ...customerValues(customer), name: ' Example plc ', subscription_tier: '0', license_end_date: '' };
    expect(customerPatch(customer, values)).toEqual({ name: 'Example plc', subscription_tier: 0, license_end_date: null });
  });
});

describe('customerLicence', () => {
  it('is expired below zero days, expiring within 30, else active; none without an end date', () => {
    expect(customerLicence({ license_end_date: '2026-01-01', days_to_expiration: -1 })).toEqual({
      state: 'expired',
      text: 'Expired 1 day ago',
    });
    expect(customerLicence({ license_end_date: '2026-01-01', days_to_expiration: 12 }).state).toBe('expiring');
    expect(customerLicence({ license_end_date: '2026-01-01', days_to_expiration: 90 })).toEqual({ state: 'active', text: 'Active' });
    expect(customerLicence({ license_end_date: null, days_to_expiration: null })).toEqual({ state: 'none', text: 'No end date' });
  });
});

describe('audit summaries', () => {
  it('shows values as text and marks masked ones', () => {
    expect(summaryValue(null)).toBe('–');
    expect(summaryValue(['a', 2])).toBe('a, 2');
    expect(summaryValue({ a: 1 })).toBe('{"a":1}');
    expect(summaryValue(false)).toBe('false');
    expect(summaryEntries({ password: '********', name: 'x' })).toEqual([
      { key: 'password', value: '********', masked: true },
      { key: 'name', value: 'x', masked: false },
    ]);
  });
});
