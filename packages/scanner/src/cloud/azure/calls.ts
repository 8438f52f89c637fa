// The Azure calls a scan makes, each with the permission Azure checks for it (the action a 403 names) and the
// api-version of its resource provider. One table: the collector reads through it and the credential test tries it.
//
// Resource Manager: https://learn.microsoft.com/rest/api/resources/subscriptions/list,
// …/resources/resource-groups/list, …/compute/virtual-machines/list-all, …/compute/disks/list,
// …/virtualnetwork/network-interfaces/list-all, …/virtualnetwork/public-ip-addresses/list-all,
// …/virtualnetwork/network-security-groups/list-all, …/storagerp/storage-accounts/list,
// …/keyvault/keyvault/vaults/list-by-subscription, …/sql/servers/list, …/sql/server-blob-auditing-policies/get,
// …/sql/firewall-rules/list-by-server, …/aks/managed-clusters/list, …/monitor/activity-log-alerts/list-by-subscription-id,
// …/monitor/subscription-diagnostic-settings/list, …/defenderforcloud/pricings/list.
// Microsoft Graph: https://learn.microsoft.com/graph/api/identitysecuritydefaultsenforcementpolicy-get,
// …/graph/api/authorizationpolicy-get.

export interface AzureListCall {
  /** The permission Azure checks (the action its AuthorizationFailed message names). */
  action: string;
  /** Under /subscriptions/{id}/. */
  path: string;
  apiVersion: string;
}

export const SUBSCRIPTIONS_CALL = { action: 'Microsoft.Resources/subscriptions/read', path: '/subscriptions', apiVersion: '2022-12-01' };

/** The lists read in every subscription, by the name the collector keeps them under. */
export const SUBSCRIPTION_LISTS = {
  resourceGroups: { action: 'Microsoft.Resources/subscriptions/resourceGroups/read', path: 'resourcegroups', apiVersion: '2021-04-01' },
  virtualMachines: {
    action: 'Microsoft.Compute/virtualMachines/read',
    path: 'providers/Microsoft.Compute/virtualMachines',
    apiVersion: '2024-07-01',
  },
  disks: { action: 'Microsoft.Compute/disks/read', path: 'providers/Microsoft.Compute/disks', apiVersion: '2024-03-02' },
  networkInterfaces: {
    action: 'Microsoft.Network/networkInterfaces/read',
    path: 'providers/Microsoft.Network/networkInterfaces',
    apiVersion: '2024-05-01',
  },
  publicIPAddresses: {
    action: 'Microsoft.Network/publicIPAddresses/read',
    path: 'providers/Microsoft.Network/publicIPAddresses',
    apiVersion: '2024-05-01',
  },
  networkSecurityGroups: {
    action: 'Microsoft.Network/networkSecurityGroups/read',
    path: 'providers/Microsoft.Network/networkSecurityGroups',
    apiVersion: '2024-05-01',
  },
  storageAccounts: {
    action: 'Microsoft.Storage/storageAccounts/read',
    path: 'providers/Microsoft.Storage/storageAccounts',
    apiVersion: '2023-05-01',
  },
  vaults: { action: 'Microsoft.KeyVault/vaults/read', path: 'providers/Microsoft.KeyVault/vaults', apiVersion: '2023-07-01' },
  sqlServers: { action: 'Microsoft.Sql/servers/read', path: 'providers/Microsoft.Sql/servers', apiVersion: '2021-11-01' },
  managedClusters: {
    action: 'Microsoft.ContainerService/managedClusters/read',
    path: 'providers/Microsoft.ContainerService/managedClusters',
    apiVersion: '2024-09-01',
  },
  activityLogAlerts: {
    action: 'Microsoft.Insights/ActivityLogAlerts/read',
    path: 'providers/Microsoft.Insights/activityLogAlerts',
    apiVersion: '2020-10-01',
  },
  diagnosticSettings: {
    action: 'Microsoft.Insights/DiagnosticSettings/read',
    path: 'providers/Microsoft.Insights/diagnosticSettings',
    apiVersion: '2021-05-01-preview',
  },
  pricings: { action: 'Microsoft.Security/pricings/read', path: 'providers/Microsoft.Security/pricings', apiVersion: '2024-01-01' },
} as const satisfies Record<string, AzureListCall>;

export type SubscriptionList = keyof typeof SUBSCRIPTION_LISTS;

/** Read per SQL server, under its id. */
export const SQL_AUDITING = {
  action: 'Microsoft.Sql/servers/auditingSettings/read',
  path: 'auditingSettings/default',
  apiVersion: '2021-11-01',
};
export const SQL_FIREWALL = { action: 'Microsoft.Sql/servers/firewallRules/read', path: 'firewallRules', apiVersion: '2021-11-01' };

/** Microsoft Graph reads for the identity controls (application permission Policy.Read.All). */
export const GRAPH_CALLS = {
  securityDefaults: { permission: 'Policy.Read.All', path: '/v1.0/policies/identitySecurityDefaultsEnforcementPolicy' },
  authorizationPolicy: { permission: 'Policy.Read.All', path: '/v1.0/policies/authorizationPolicy' },
} as const;

export type GraphFact = keyof typeof GRAPH_CALLS;

/** The call name of a Graph read in the inventory's failures (Microsoft Graph names the permission, not an action). */
export const graphCallName = (fact: GraphFact) => `Microsoft Graph ${GRAPH_CALLS[fact].path} (${GRAPH_CALLS[fact].permission})`;
