// Words for the permission model shown on several screens: resources, their groups and the actions (docs/permissions.md).
import type { PERMISSION_GROUPS, PermissionAction, PermissionResource } from '@bulwark/core';

export const RESOURCE_LABELS: Record<PermissionResource, string> = {
  probes: 'Scan appliances',
  net_scans: 'Network scans',
  web_scans: 'Web-application scans',
  cloud_scans: 'Cloud scans',
  policy_scans: 'Policy scans',
  schedules: 'Schedules',
  credentials: 'Scan credentials',
  net_assets: 'Network assets',
  web_assets: 'Web applications',
  da_assets: 'Devices',
  tags: 'Tags',
  unified_assets: 'Assets',
  monitoring: 'Monitoring',
  vulnerabilities: 'Vulnerability manager',
  tickets: 'Tickets',
  reports: 'Reports',
  unified_vulnerabilities: 'Vulnerabilities',
  remediation_rules: 'Remediation rules',
  dashboards: 'Dashboards',
  exports: 'Exports',
  phishing: 'Phishing and training',
  integrations: 'Integrations',
  teams: 'Teams',
  public_api: 'Public API',
};

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

export const GROUP_LABELS: Record<PermissionGroup, string> = {
  scanning: 'Scanning',
  assets: 'Assets',
  vulnerabilities: 'Vulnerabilities',
  reporting: 'Reporting',
  awareness: 'Awareness',
  administration: 'Administration',
};

export const ACTION_LABELS: Record<PermissionAction, string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  execute: 'Execute',
};
