// Files that reports and exports make, kept in the database in chunks of 1 MiB (file_chunks): written as a stream
// while they are made and read back as a stream, so a big file never sits whole in memory and every server of a
// scaled-out installation can hand it out.
import { Writable, Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileChunks } from '../../db/schema/index.ts';

export const CHUNK_BYTES = 1024 * 1024;

/** Whose file it is: a report's or an export's. */
export type FileOwner = { report: number } | { export: number };

const ownerColumns = (o: FileOwner) => ('report' in o ? { reportId: o.report } : { exportId: o.export });
const ownerCondition = (o: FileOwner) => ('report' in o ? eq(fileChunks.reportId, o.report) : eq(fileChunks.exportId, o.export));

/** A stream that stores what is written to it as the owner's file; `size` is the bytes written once it has finished. */
export class ChunkWriter extends Writable {
  private parts: Buffer[] = [];
  private pending = 0;
  private seq = 0;
  size = 0;

  constructor(
    private readonly db: Db,
    private readonly owner: FileOwner,
  ) {
    super();
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.parts.push(buffer);
    this.pending += buffer.length;
    this.size += buffer.length;
    if (this.pending < CHUNK_BYTES) return done();
    this.store().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.store().then(() => done(), done);
  }

  private async store(): Promise<void> {
    if (this.pending === 0) return;
    const data = Buffer.concat(this.parts);
    this.parts = [];
    this.pending = 0;
    await this.db.insert(fileChunks).values({ ...ownerColumns(this.owner), seq: this.seq++, data });
  }
}

/** Removes an owner's file (before it is made again). */
export async function deleteFile(db: Db, owner: FileOwner): Promise<void> {
  await db.delete(fileChunks).where(ownerCondition(owner));
}

/** The owner's file as a stream, one chunk read at a time. */
export function readFile(db: Db, owner: FileOwner): Readable {
  let seq = 0;
  return new Readable({
    async read() {
      try {
        const [row] = await db
          .select({ data: fileChunks.data })
          .from(fileChunks)
          .where(and(ownerCondition(owner), eq(fileChunks.seq, seq)));
        seq += 1;
        this.push(row ? Buffer.from(row.data) : null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}

/** How many chunks an owner's file has (0: no file). */
export async function chunkCount(db: Db, owner: FileOwner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fileChunks)
    .where(ownerCondition(owner));
  return Number(row?.n ?? 0);
}
