// Domain asset discovery's engine: host names of domains from DNS, zone transfers, certificate transparency and
// names the caller knows, resolved through a chosen DNS server.
export {
  discoverDomainHosts,
  type DiscoveredHost,
  type DiscoveryNote,
  type DomainDiscoveryOptions,
  type DomainDiscoveryResult,
} from './discover.ts';
export { zoneTransfer, type AxfrResult } from './axfr.ts';
export { ctNames, ctSearchUrl, certificateName, CtError } from './ct.ts';
export { wordlistLabels } from './wordlist.ts';
