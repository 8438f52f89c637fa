// The Azure stand-in's account: one tenant, two subscriptions, and in the first a good and a bad resource of every kind
// the controls judge (shapes as Resource Manager answers them, trimmed to the fields that matter).
import type { AzureSeed } from './azure-stand-in.ts';

export const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const SUB = '00000000-1111-2222-3333-444444444444';
export const SUB2 = '99999999-8888-7777-6666-555555555555';
export const SUB3 = '12121212-3434-5656-7878-909090909090';
export const APP = { tenantId: TENANT, clientId: 'a1b2c3d4-0000-4000-8000-00000000c11e', clientSecret: 'good~secret' };
/** An application with Reader on the first subscription only, refused storage accounts, SQL firewall rules and Graph. */
export const NARROW_APP = {
  tenantId: TENANT,
  clientId: 'a1b2c3d4-0000-4000-8000-0000000000aa',
  clientSecret: 'narrow~secret',
  subscriptions: [SUB],
  denied: ['Microsoft.Storage/storageAccounts/read', 'Microsoft.Sql/servers/firewallRules/read'],
  graphDenied: true,
};

const rg = (sub: string, group: string) => `/subscriptions/${sub}/resourceGroups/${group}`;
const id = (provider: string, name: string, sub = SUB, group = 'rg-prod') => `${rg(sub, group)}/providers/${provider}/${name}`;

export const IDS = {
  vmGood: id('Microsoft.Compute/virtualMachines', 'vm-good'),
  vmBad: id('Microsoft.Compute/virtualMachines', 'vm-bad'),
  /** On an unmanaged (VHD in a storage account) disk, without a network interface. */
  vmClassic: id('Microsoft.Compute/virtualMachines', 'vm-classic'),
  diskGoodOs: id('Microsoft.Compute/disks', 'vm-good-os'),
  diskBadOs: id('Microsoft.Compute/disks', 'vm-bad-os'),
  diskLooseGood: id('Microsoft.Compute/disks', 'loose-cmk'),
  diskLooseBad: id('Microsoft.Compute/disks', 'loose-pmk'),
  nicBad: id('Microsoft.Network/networkInterfaces', 'vm-bad-nic'),
  nicGood: id('Microsoft.Network/networkInterfaces', 'vm-good-nic'),
  ipBad: id('Microsoft.Network/publicIPAddresses', 'vm-bad-ip'),
  nsgGood: id('Microsoft.Network/networkSecurityGroups', 'nsg-good'),
  nsgBad: id('Microsoft.Network/networkSecurityGroups', 'nsg-bad'),
  saGood: id('Microsoft.Storage/storageAccounts', 'stgood'),
  saBad: id('Microsoft.Storage/storageAccounts', 'stbad'),
  kvGood: id('Microsoft.KeyVault/vaults', 'kv-good'),
  kvBad: id('Microsoft.KeyVault/vaults', 'kv-bad'),
  sqlGood: id('Microsoft.Sql/servers', 'sql-good'),
  sqlBad: id('Microsoft.Sql/servers', 'sql-bad'),
  aksGood: id('Microsoft.ContainerService/managedClusters', 'aks-good'),
  aksBad: id('Microsoft.ContainerService/managedClusters', 'aks-bad'),
  /** In a region the tests leave out. */
  saElsewhere: id('Microsoft.Storage/storageAccounts', 'stjapan'),
  sa2: id('Microsoft.Storage/storageAccounts', 'stsecond', SUB2, 'rg-two'),
};

const ALERT_OPERATIONS = [
  'Microsoft.Authorization/policyAssignments/write',
  'Microsoft.Authorization/policyAssignments/delete',
  'Microsoft.Network/networkSecurityGroups/write',
  'Microsoft.Network/networkSecurityGroups/delete',
  'Microsoft.Security/securitySolutions/write',
  'Microsoft.Security/securitySolutions/delete',
  'Microsoft.Sql/servers/firewallRules/write',
  'Microsoft.Sql/servers/firewallRules/delete',
  'Microsoft.Network/publicIPAddresses/write',
  'Microsoft.Network/publicIPAddresses/delete',
];
const PLANS = [
  'VirtualMachines',
  'AppServices',
  'SqlServers',
  'SqlServerVirtualMachines',
  'OpenSourceRelationalDatabases',
  'StorageAccounts',
  'Containers',
  'CosmosDbs',
  'KeyVaults',
  'Dns',
  'Arm',
];

const rule = (name: string, priority: number, protocol: string, source: string, port: string, access = 'Allow', direction = 'Inbound') => ({
  name,
  id: `${IDS.nsgBad}/securityRules/${name}`,
  type: 'Microsoft.Network/networkSecurityGroups/securityRules',
  properties: {
    protocol,
    sourcePortRange: '*',
    destinationPortRange: port,
    sourceAddressPrefix: source,
    destinationAddressPrefix: '*',
    access,
    priority,
    direction,
    sourcePortRanges: [],
    destinationPortRanges: [],
    sourceAddressPrefixes: [],
    destinationAddressPrefixes: [],
  },
});

const disk = (diskId: string, encryption: string, managedBy?: string, ade = false) => ({
  id: diskId,
  name: diskId.split('/').pop(),
  type: 'Microsoft.Compute/disks',
  location: 'westeurope',
  ...(managedBy ? { managedBy } : {}),
  sku: { name: 'Premium_LRS', tier: 'Premium' },
  properties: {
    osType: 'Linux',
    diskSizeGB: 30,
    encryption: { type: encryption },
    ...(ade ? { encryptionSettingsCollection: { enabled: true, encryptionSettings: [] } } : {}),
    diskState: managedBy ? 'Attached' : 'Unattached',
  },
});

const vm = (vmId: string, osDisk: string, nic: string) => ({
  id: vmId,
  name: vmId.split('/').pop(),
  type: 'Microsoft.Compute/virtualMachines',
  location: 'westeurope',
  tags: { env: 'prod' },
  properties: {
    vmId: '0f47b100-583c-48e3-a4c0-aefc2c9bbcc1',
    hardwareProfile: { vmSize: 'Standard_D2s_v3' },
    storageProfile: {
      osDisk: {
        osType: 'Linux',
        name: osDisk.split('/').pop(),
        createOption: 'FromImage',
        caching: 'ReadWrite',
        managedDisk: { id: osDisk, storageAccountType: 'Premium_LRS' },
      },
      dataDisks: [],
    },
    networkProfile: { networkInterfaces: [{ id: nic }] },
    provisioningState: 'Succeeded',
  },
});

/** An application whose token Resource Manager stops accepting at the key vaults. */
export const REVOKED_APP = { ...APP, clientId: 'a1b2c3d4-0000-4000-8000-0000000000bb', tokenRevokedOn: '/providers/Microsoft.KeyVault/' };

export function azureSeed(): AzureSeed {
  return {
    apps: [APP, NARROW_APP, REVOKED_APP],
    pageSize: 2,
    graph: {
      securityDefaults: { isEnabled: false },
      authorizationPolicy: {
        allowInvitesFrom: 'everyone',
        guestUserRoleId: '10dae51f-b6af-4016-8d66-8c2a99b929b3',
        defaultUserRolePermissions: {
          allowedToCreateApps: false,
          allowedToCreateSecurityGroups: true,
          allowedToCreateTenants: false,
          allowedToReadOtherUsers: true,
        },
      },
    },
    subscriptions: [
      {
        subscriptionId: SUB,
        displayName: 'Production',
        lists: {
          resourceGroups: [
            {
              id: rg(SUB, 'rg-prod'),
              name: 'rg-prod',
              type: 'Microsoft.Resources/resourceGroups',
              location: 'westeurope',
              properties: { provisioningState: 'Succeeded' },
            },
            {
              id: rg(SUB, 'rg-net'),
              name: 'rg-net',
              type: 'Microsoft.Resources/resourceGroups',
              location: 'westeurope',
              properties: { provisioningState: 'Succeeded' },
            },
            {
              id: rg(SUB, 'rg-jp'),
              name: 'rg-jp',
              type: 'Microsoft.Resources/resourceGroups',
              location: 'japaneast',
              properties: { provisioningState: 'Succeeded' },
            },
          ],
          virtualMachines: [
            vm(IDS.vmGood, IDS.diskGoodOs, IDS.nicGood),
            vm(IDS.vmBad, IDS.diskBadOs, IDS.nicBad),
            {
              id: IDS.vmClassic,
              name: 'vm-classic',
              type: 'Microsoft.Compute/virtualMachines',
              location: 'westeurope',
              properties: {
                hardwareProfile: { vmSize: 'Standard_A1' },
                storageProfile: {
                  osDisk: {
                    osType: 'Windows',
                    name: 'vm-classic-os',
                    createOption: 'FromImage',
                    vhd: { uri: 'https://stbad.blob.core.windows.net/vhds/vm-classic-os.vhd' },
                  },
                  dataDisks: [],
                },
                networkProfile: { networkInterfaces: [] },
              },
            },
          ],
          disks: [
            disk(IDS.diskGoodOs, 'EncryptionAtRestWithCustomerKey', IDS.vmGood),
            disk(IDS.diskBadOs, 'EncryptionAtRestWithPlatformKey', IDS.vmBad),
            disk(IDS.diskLooseGood, 'EncryptionAtRestWithPlatformAndCustomerKeys'),
            disk(IDS.diskLooseBad, 'EncryptionAtRestWithPlatformKey'),
          ],
          networkInterfaces: [
            {
              id: IDS.nicBad,
              name: 'vm-bad-nic',
              location: 'westeurope',
              properties: {
                virtualMachine: { id: IDS.vmBad },
                ipConfigurations: [
                  {
                    id: `${IDS.nicBad}/ipConfigurations/ipconfig1`,
                    name: 'ipconfig1',
                    properties: { privateIPAddress: '10.0.0.5', publicIPAddress: { id: IDS.ipBad } },
                  },
                ],
              },
            },
            {
              id: IDS.nicGood,
              name: 'vm-good-nic',
              location: 'westeurope',
              properties: {
                virtualMachine: { id: IDS.vmGood },
                ipConfigurations: [
                  { id: `${IDS.nicGood}/ipConfigurations/ipconfig1`, name: 'ipconfig1', properties: { privateIPAddress: '10.0.0.4' } },
                ],
              },
            },
          ],
          publicIPAddresses: [
            {
              id: IDS.ipBad,
              name: 'vm-bad-ip',
              location: 'westeurope',
              sku: { name: 'Standard' },
              properties: {
                ipAddress: '20.50.1.7',
                publicIPAllocationMethod: 'Static',
                ipConfiguration: { id: `${IDS.nicBad}/ipConfigurations/ipconfig1` },
              },
            },
          ],
          networkSecurityGroups: [
            {
              id: IDS.nsgGood,
              name: 'nsg-good',
              location: 'westeurope',
              properties: {
                securityRules: [
                  { ...rule('ssh-from-office', 100, 'Tcp', '203.0.113.0/24', '22'), id: `${IDS.nsgGood}/securityRules/ssh-from-office` },
                  { ...rule('deny-rdp', 110, 'Tcp', '*', '3389', 'Deny'), id: `${IDS.nsgGood}/securityRules/deny-rdp` },
                  { ...rule('out-any', 120, '*', '*', '*', 'Allow', 'Outbound'), id: `${IDS.nsgGood}/securityRules/out-any` },
                ],
                defaultSecurityRules: [],
              },
            },
            {
              id: IDS.nsgBad,
              name: 'nsg-bad',
              location: 'westeurope',
              properties: {
                securityRules: [
                  rule('rdp-any', 100, 'Tcp', '*', '3389'),
                  rule('ssh-internet', 110, '*', 'Internet', '20-30'),
                  rule('dns-udp', 120, 'Udp', '0.0.0.0/0', '53'),
                  {
                    ...rule('web', 130, 'Tcp', 'Any', ''),
                    properties: {
                      ...rule('web', 130, 'Tcp', 'Any', '').properties,
                      destinationPortRange: undefined,
                      destinationPortRanges: ['80', '443'],
                    },
                  },
                ],
              },
            },
          ],
          storageAccounts: [
            {
              id: IDS.saGood,
              name: 'stgood',
              type: 'Microsoft.Storage/storageAccounts',
              location: 'westeurope',
              kind: 'StorageV2',
              sku: { name: 'Standard_LRS', tier: 'Standard' },
              properties: {
                supportsHttpsTrafficOnly: true,
                allowBlobPublicAccess: false,
                minimumTlsVersion: 'TLS1_2',
                publicNetworkAccess: 'Disabled',
                networkAcls: { bypass: 'AzureServices', virtualNetworkRules: [], ipRules: [], defaultAction: 'Deny' },
                encryption: {
                  keySource: 'Microsoft.Keyvault',
                  requireInfrastructureEncryption: true,
                  services: { blob: { enabled: true } },
                },
              },
            },
            {
              id: IDS.saBad,
              name: 'stbad',
              type: 'Microsoft.Storage/storageAccounts',
              location: 'West Europe',
              kind: 'StorageV2',
              sku: { name: 'Standard_LRS', tier: 'Standard' },
              properties: {
                supportsHttpsTrafficOnly: false,
                allowBlobPublicAccess: true,
                minimumTlsVersion: 'TLS1_0',
                networkAcls: { bypass: 'AzureServices', virtualNetworkRules: [], ipRules: [], defaultAction: 'Allow' },
                encryption: { keySource: 'Microsoft.Storage', services: { blob: { enabled: true } } },
              },
            },
            {
              id: IDS.saElsewhere,
              name: 'stjapan',
              type: 'Microsoft.Storage/storageAccounts',
              location: 'japaneast',
              kind: 'StorageV2',
              properties: { supportsHttpsTrafficOnly: false },
            },
          ],
          vaults: [
            {
              id: IDS.kvGood,
              name: 'kv-good',
              type: 'Microsoft.KeyVault/vaults',
              location: 'westeurope',
              properties: {
                tenantId: TENANT,
                vaultUri: 'https://kv-good.vault.azure.net/',
                enableSoftDelete: true,
                enablePurgeProtection: true,
                enableRbacAuthorization: true,
                publicNetworkAccess: 'Disabled',
                networkAcls: { defaultAction: 'Deny', bypass: 'AzureServices' },
              },
            },
            {
              id: IDS.kvBad,
              name: 'kv-bad',
              type: 'Microsoft.KeyVault/vaults',
              location: 'westeurope',
              properties: {
                tenantId: TENANT,
                vaultUri: 'https://kv-bad.vault.azure.net/',
                enableSoftDelete: true,
                publicNetworkAccess: 'Enabled',
              },
            },
          ],
          sqlServers: [
            {
              id: IDS.sqlGood,
              name: 'sql-good',
              type: 'Microsoft.Sql/servers',
              location: 'westeurope',
              properties: {
                fullyQualifiedDomainName: 'sql-good.database.windows.net',
                version: '12.0',
                publicNetworkAccess: 'Disabled',
                minimalTlsVersion: '1.2',
              },
            },
            {
              id: IDS.sqlBad,
              name: 'sql-bad',
              type: 'Microsoft.Sql/servers',
              location: 'westeurope',
              properties: {
                fullyQualifiedDomainName: 'sql-bad.database.windows.net',
                version: '12.0',
                publicNetworkAccess: 'Enabled',
                minimalTlsVersion: '1.0',
              },
            },
          ],
          managedClusters: [
            {
              id: IDS.aksGood,
              name: 'aks-good',
              type: 'Microsoft.ContainerService/ManagedClusters',
              location: 'westeurope',
              properties: {
                kubernetesVersion: '1.30.4',
                privateFQDN: 'aks-good-1a2b.privatelink.westeurope.azmk8s.io',
                enableRBAC: true,
                apiServerAccessProfile: { enablePrivateCluster: true },
              },
            },
            {
              id: IDS.aksBad,
              name: 'aks-bad',
              type: 'Microsoft.ContainerService/ManagedClusters',
              location: 'westeurope',
              properties: { kubernetesVersion: '1.27.3', fqdn: 'aks-bad-9z8y.hcp.westeurope.azmk8s.io', enableRBAC: false },
            },
          ],
          activityLogAlerts: ALERT_OPERATIONS.slice(0, 4).map((op, i) => ({
            id: `${rg(SUB, 'rg-prod')}/providers/Microsoft.Insights/activityLogAlerts/alert-${i}`,
            name: `alert-${i}`,
            type: 'Microsoft.Insights/ActivityLogAlerts',
            location: 'Global',
            properties: {
              scopes: [`/subscriptions/${SUB}`],
              enabled: i !== 3,
              condition: {
                allOf: [
                  { field: 'category', equals: 'Administrative' },
                  { field: 'operationName', equals: op },
                ],
              },
              actions: { actionGroups: [] },
            },
          })),
          diagnosticSettings: [
            {
              id: `/subscriptions/${SUB}/providers/microsoft.insights/diagnosticSettings/to-workspace`,
              name: 'to-workspace',
              properties: {
                workspaceId: `${rg(SUB, 'rg-prod')}/providers/Microsoft.OperationalInsights/workspaces/logs`,
                logs: [
                  { category: 'Administrative', enabled: true },
                  { category: 'Security', enabled: true },
                  { category: 'Alert', enabled: true },
                  { category: 'Policy', enabled: false },
                ],
              },
            },
          ],
          pricings: PLANS.map((name) => ({
            id: `/subscriptions/${SUB}/providers/Microsoft.Security/pricings/${name}`,
            name,
            type: 'Microsoft.Security/pricings',
            properties: { pricingTier: name === 'VirtualMachines' || name === 'Arm' ? 'Standard' : 'Free' },
          })),
        },
        sqlAuditing: {
          [IDS.sqlGood.toLowerCase()]: {
            id: `${IDS.sqlGood}/auditingSettings/Default`,
            name: 'Default',
            type: 'Microsoft.Sql/servers/auditingSettings',
            properties: { state: 'Enabled', retentionDays: 180, isAzureMonitorTargetEnabled: true },
          },
        },
        sqlFirewall: {
          [IDS.sqlGood.toLowerCase()]: [
            {
              id: `${IDS.sqlGood}/firewallRules/office`,
              name: 'office',
              properties: { startIpAddress: '203.0.113.1', endIpAddress: '203.0.113.20' },
            },
          ],
          [IDS.sqlBad.toLowerCase()]: [
            {
              id: `${IDS.sqlBad}/firewallRules/office`,
              name: 'office',
              properties: { startIpAddress: '203.0.113.1', endIpAddress: '203.0.113.20' },
            },
            {
              id: `${IDS.sqlBad}/firewallRules/everyone`,
              name: 'everyone',
              properties: { startIpAddress: '0.0.0.0', endIpAddress: '255.255.255.255' },
            },
          ],
        },
      },
      {
        subscriptionId: SUB2,
        displayName: 'Staging',
        lists: {
          storageAccounts: [
            {
              id: IDS.sa2,
              name: 'stsecond',
              type: 'Microsoft.Storage/storageAccounts',
              location: 'northeurope',
              kind: 'StorageV2',
              properties: { supportsHttpsTrafficOnly: true, minimumTlsVersion: 'TLS1_2', networkAcls: { defaultAction: 'Deny' } },
            },
          ],
          pricings: PLANS.map((name) => ({
            id: `/subscriptions/${SUB2}/providers/Microsoft.Security/pricings/${name}`,
            name,
            properties: { pricingTier: name === 'VirtualMachines' || name === 'Arm' ? 'Free' : 'Standard' },
          })),
          diagnosticSettings: [],
          activityLogAlerts: ALERT_OPERATIONS.map((op, i) => ({
            id: `${rg(SUB2, 'rg-two')}/providers/Microsoft.Insights/activityLogAlerts/alert-${i}`,
            name: `alert-${i}`,
            location: 'Global',
            properties: {
              scopes: [`/subscriptions/${SUB2}`],
              enabled: true,
              condition: {
                allOf: [
                  { field: 'category', equals: 'Administrative' },
                  { field: 'operationName', equals: op },
                ],
              },
            },
          })).slice(3),
        },
      },
      {
        subscriptionId: SUB3,
        displayName: 'Sandbox',
        lists: {
          diagnosticSettings: [
            {
              id: `/subscriptions/${SUB3}/providers/microsoft.insights/diagnosticSettings/all`,
              name: 'all',
              properties: { storageAccountId: IDS.saGood, logs: [{ categoryGroup: 'allLogs', enabled: true }] },
            },
          ],
        },
      },
    ],
  };
}
