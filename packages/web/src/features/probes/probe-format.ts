// Pure rules of the scan appliance screens: status badges, heartbeat age, paths, and the add-probe form checks.
import { formatDateTime, PROBE_STATUS_LABELS, validateRequired, type Probe, type ProbeStatus } from '@bulwark/core';

export const PROBES_PATH = '/sa/scan-appliances';
export const PROBES_PAGE_SIZE = 50;
/** Probe statuses change with heart-beats: ask again this often while the page is open. */
export const PROBE_POLL_MS = 10_000;

export function probePath(id: number): string {
  return `/sa/scan-appliance/view/${id}`;
}

const STATUS_COLORS: Record<ProbeStatus, string> = { online: 'green', offline: 'red', pending: 'gray' };

export function probeStatusBadge(p: Pick<Probe, 'status' | 'status_label'>): { label: string; color: string } {
  return { label: p.status_label || PROBE_STATUS_LABELS[p.status], color: STATUS_COLORS[p.status] };
}

/** 'just now', '5 minutes ago', '3 hours ago', else the date and time; 'Never' without a heartbeat. */
export function heartbeatText(at: string | null, now: Date = new Date()): string {
  if (!at) return 'Never';
  const then = new Date(at);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '–';
  if (seconds < 0) return formatDateTime(then);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return formatDateTime(then);
}

export interface AddProbeValues {
  name: string;
  group: string | null;
}

export function validateAddProbe(values: AddProbeValues): Partial<Record<keyof AddProbeValues, string>> {
  const name = validateRequired(values.name, 'Name');
  return name ? { name } : {};
}

export function addProbeInput(values: AddProbeValues): { name: string; group: number | null } {
  return { name: values.name.trim(), group: values.group ? Number(values.group) : null };
}

export interface GroupValues {
  name: string;
  probes: string[];
}

export function validateGroup(values: GroupValues): Partial<Record<keyof GroupValues, string>> {
  const name = validateRequired(values.name, 'Name');
  return name ? { name } : {};
}

export function groupInput(values: GroupValues): { name: string; probes: number[] } {
  return { name: values.name.trim(), probes: values.probes.map(Number).filter((n) => Number.isInteger(n) && n > 0) };
}

/** Probes a group may hold: registered remote probes (the built-in one belongs to no group). */
export function groupMemberOptions(probes: readonly Pick<Probe, 'id' | 'name' | 'builtin'>[]): { value: string; label: string }[] {
  return probes.filter((p) => !p.builtin && p.id > 0).map((p) => ({ value: String(p.id), label: p.name }));
}

/** The built-in probe's load in words: '1 of 2 task slots busy', 'Switched off (BULWARK_BUILTIN_PROBE=off)'. */
export function taskSlotsText(load: NonNullable<Probe['load']>): string {
  if (load.task_slots === 0) return 'Switched off (BULWARK_BUILTIN_PROBE=off)';
  return `${load.tasks_running} of ${load.task_slots} task slot${load.task_slots === 1 ? '' : 's'} busy`;
}

/** The server's load average over 1, 5 and 15 minutes against its processors: '0.42, 0.30, 0.25 on 2 CPUs'. */
export function loadAverageText(load: NonNullable<Probe['load']>): string {
  return `${load.load_average.map((n) => n.toFixed(2)).join(', ')} on ${load.cpus} CPU${load.cpus === 1 ? '' : 's'}`;
}

/** Whether the server is busier than its processors: the 5-minute load average above the processor count. */
export function overloaded(load: NonNullable<Probe['load']>): boolean {
  return (load.load_average[1] ?? 0) > load.cpus;
}
