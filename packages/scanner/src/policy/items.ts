// Collected items: a plain record of entities, and a lazy file item that builds its entities from a directory-walk
// entry only when a state asks (a walk of "/" yields hundreds of thousands of candidates).
import type { Datatype, Item, ItemEntity, ItemStatus } from './oval-types.ts';
import type { FileEntry } from './target.ts';

export type FieldSpec = [name: string, value: string, datatype?: Datatype, status?: ItemStatus];

export class RecordItem implements Item {
  private readonly byName = new Map<string, ItemEntity[]>();
  private readonly order: string[] = [];

  constructor(
    readonly type: string,
    fields: FieldSpec[],
  ) {
    for (const [name, value, datatype = 'string', status = 'exists'] of fields) {
      let list = this.byName.get(name);
      if (!list) {
        list = [];
        this.byName.set(name, list);
        this.order.push(name);
      }
      list.push({ value, datatype, status });
    }
  }

  entities(name: string): ItemEntity[] {
    return this.byName.get(name) ?? [];
  }

  names(): string[] {
    return this.order;
  }

  key(): string {
    return `${this.type}\u0001${this.order
      .map(
        (n) =>
          `${n}=${this.entities(n)
            .map((e) => `${e.status}:${e.value}`)
            .join('\u0002')}`,
      )
      .join('\u0001')}`;
  }
}

const FILE_FIELDS = [
  'filepath',
  'path',
  'filename',
  'type',
  'group_id',
  'user_id',
  'a_time',
  'c_time',
  'm_time',
  'size',
  'suid',
  'sgid',
  'sticky',
  'uread',
  'uwrite',
  'uexec',
  'gread',
  'gwrite',
  'gexec',
  'oread',
  'owrite',
  'oexec',
  'has_extended_acl',
];

const MODE_BITS = new Map<string, number>(
  Object.entries({
    suid: 0o4000,
    sgid: 0o2000,
    sticky: 0o1000,
    uread: 0o400,
    uwrite: 0o200,
    uexec: 0o100,
    gread: 0o40,
    gwrite: 0o20,
    gexec: 0o10,
    oread: 0o4,
    owrite: 0o2,
    oexec: 0o1,
  }),
);

const exists = (value: string, datatype: Datatype = 'string'): ItemEntity => ({ value, datatype, status: 'exists' });
const time = (t: number | undefined): ItemEntity =>
  t === undefined ? { value: '', datatype: 'int', status: 'not collected' } : exists(String(t), 'int');

/** A unix file_item over a walk entry: path is the directory, filename empty for directory items. */
export class FileItem implements Item {
  readonly type = 'file_item';

  constructor(
    readonly dir: string,
    readonly filename: string | undefined,
    readonly entry: FileEntry,
  ) {}

  get filepath(): string {
    return this.filename === undefined ? this.dir : joinPath(this.dir, this.filename);
  }

  entities(name: string): ItemEntity[] {
    const e = this.entry;
    const bit = MODE_BITS.get(name);
    if (bit !== undefined) return [{ value: (e.mode & bit) !== 0 ? 'true' : 'false', datatype: 'boolean', status: 'exists' }];
    switch (name) {
      case 'filepath':
        return this.filename === undefined ? [] : [exists(this.filepath)];
      case 'path':
        return [exists(this.dir)];
      case 'filename':
        return [exists(this.filename ?? '')];
      case 'type':
        return [exists(e.type)];
      case 'group_id':
        return [exists(String(e.gid), 'int')];
      case 'user_id':
        return [exists(String(e.uid), 'int')];
      case 'a_time':
        return [time(e.atime)];
      case 'c_time':
        return [time(e.ctime)];
      case 'm_time':
        return [time(e.mtime)];
      case 'size':
        return [exists(String(e.size), 'int')];
      case 'has_extended_acl':
        return [{ value: '', datatype: 'boolean', status: 'does not exist' }];
      default:
        return [];
    }
  }

  names(): string[] {
    return this.filename === undefined ? FILE_FIELDS.slice(1) : FILE_FIELDS;
  }

  key(): string {
    return `file_item\u0001${this.dir}\u0001${this.filename ?? '\u0000'}`;
  }
}

export function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

/** Directory and last component, as OVAL items report path and filename. */
export function splitPath(p: string): { dir: string; name: string } {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return { dir: '.', name: trimmed };
  return { dir: slash === 0 ? '/' : trimmed.slice(0, slash), name: trimmed.slice(slash + 1) };
}

/** A one-line summary of an item for evidence: the entities that identify it. */
export function describeItem(item: Item, max = 160): string {
  const parts: string[] = [];
  for (const n of item.names()) {
    if (n === 'pattern' || n === 'line' || n === 'instance' || n === 'path' || n === 'filename') continue;
    const ents = item.entities(n).filter((e) => e.status === 'exists');
    if (ents.length === 0) continue;
    parts.push(`${n}=${ents.map((e) => e.value).join(',')}`);
    if (parts.join(' ').length > max) break;
  }
  const s = parts.join(' ');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
