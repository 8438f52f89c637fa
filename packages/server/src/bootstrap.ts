// Every start: seeds the built-in scan profiles. First start on an empty database: creates the first customer and its
// superuser from the admin settings.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createFirstAdmin, type BootstrapResult } from './first-admin.ts';
import { seedBuiltinProfiles } from './modules/profiles/index.ts';
import { seedBuiltinWebProfiles } from './modules/was/index.ts';
import { useCommunityLibrary } from './modules/catalogue/index.ts';
import { CHECKS_SOURCE, syncDir } from './modules/intel/index.ts';

export type { BootstrapResult };

export async function bootstrap(db: Db, config: Config, log: FastifyBaseLogger): Promise<BootstrapResult> {
  useCommunityLibrary(syncDir(config.feedsDir, CHECKS_SOURCE));
  const seeded = await seedBuiltinProfiles(db);
  if (seeded.inserted + seeded.updated > 0) log.info(seeded, 'built-in scan profiles seeded');
  const web = await seedBuiltinWebProfiles(db);
  if (web.inserted + web.updated > 0) log.info(web, 'built-in web scan profiles seeded');
  return createFirstAdmin(db, config, log);
}
