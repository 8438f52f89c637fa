// Ports the Standard profile scans beside nmap's top 1,000: where Bulwark's own service fingerprints and checks look by
// default. Redis 6379, for one, is not among nmap's top 1,000, although Bulwark ships a check for an open Redis there.
import { CHECK_TCP_PORTS } from './check-ports.ts';

/**
 * The default TCP ports of the services Bulwark fingerprints (services/fingerprints.ts and brokers.ts, by the name the
 * fingerprint answers with) and of HTTP services its checks look at. test/ports.test.ts fails when a fingerprint has
 * no entry here.
 */
export const SERVICE_DEFAULT_TCP_PORTS: Readonly<Record<string, readonly number[]>> = {
  redis: [6379],
  postgresql: [5432],
  mongodb: [27017, 27018],
  memcached: [11211],
  'ms-wbt-server': [3389],
  'microsoft-ds': [445],
  ldap: [389, 636, 3268, 3269],
  domain: [53],
  amqp: [5672],
  mqtt: [1883, 8883],
  epmd: [4369],
  nats: [4222],
  mysql: [3306],
  rsync: [873],
  vnc: [5900],
  elasticsearch: [9200, 9300],
  docker: [2375, 2376],
  kubernetes: [6443, 10250, 10255],
  etcd: [2379],
  kafka: [9092],
  zookeeper: [2181],
  couchdb: [5984],
  influxdb: [8086],
  rabbitmq: [15672],
};

/** Every port of SERVICE_DEFAULT_TCP_PORTS and CHECK_TCP_PORTS, ascending. */
export function bulwarkServiceTcpPorts(): number[] {
  const ports = new Set<number>([...Object.values(SERVICE_DEFAULT_TCP_PORTS).flat(), ...CHECK_TCP_PORTS]);
  return [...ports].sort((a, b) => a - b);
}
