/**
 * `npm run admin -- backup DIR` and `restore DIR`: run before the admin CLI opens the database,
 * since a restore needs its target empty and must not migrate it first.
 */
import { resolve } from 'node:path';
import { ADMIN_USAGE, type AdminResult } from '../admin/commands';
import { backupSite, type BackupSummary, type SiteLocation } from './backup';
import { BackupRefusal, type BackupManifest } from './manifest';
import { restoreSite, type RestoreSummary } from './restore';

const count = (n: number) => n.toLocaleString('en');

/** The main row counts, as one short phrase. */
function rows(manifest: BackupManifest): string {
  const { members = 0, likes = 0, messages = 0, transactions = 0 } = manifest.rows;
  return (
    `${count(members)} members, ${count(likes)} likes, ${count(messages)} messages, ` +
    `${count(transactions)} transactions`
  );
}

/** Where the member files are, as one short phrase. */
function memberFiles(manifest: BackupManifest): string {
  const files = manifest.memberFiles;
  return files.store === 'disk'
    ? `${count(files.count)} member files`
    : `member files left in S3 bucket ${files.bucket}${files.endpoint ? ` at ${files.endpoint}` : ''}`;
}

function backedUp(s: BackupSummary): string[] {
  return [
    `Backup of the ${s.manifest.engine} site (schema ${s.manifest.schemaVersion}) written to ` +
      `${s.dir} in ${s.seconds.toFixed(1)} s: ${(s.bytes / 1e6).toFixed(1)} MB.`,
    `It holds ${rows(s.manifest)}; ${memberFiles(s.manifest)}.`,
  ];
}

function restored(s: RestoreSummary, site: SiteLocation): string[] {
  const into = s.schema ? `schema "${s.schema}" and ${site.dataDir}` : site.dataDir;
  return [
    `Restored the backup of ${s.manifest.createdAt} into ${into} in ${s.seconds.toFixed(1)} s: ` +
      `${rows(s.manifest)}, ${count(s.files)} files.`,
    `Schema ${s.manifest.schemaVersion}; the next server start migrates it to the newest.`,
  ];
}

/** Runs `backup DIR` or `restore DIR`; refusals are exit code 1 with their one line. */
export async function runBackupCommand(
  site: SiteLocation,
  args: readonly string[],
): Promise<AdminResult> {
  const [command, dir, ...extra] = args;
  if (!dir || extra.length > 0) return { code: 2, lines: [ADMIN_USAGE] };
  try {
    if (command === 'backup')
      return { code: 0, lines: backedUp(await backupSite(site, resolve(dir))) };
    if (command === 'restore') {
      return { code: 0, lines: restored(await restoreSite(site, resolve(dir)), site) };
    }
    return { code: 2, lines: [ADMIN_USAGE] };
  } catch (err) {
    if (err instanceof BackupRefusal) return { code: 1, lines: [err.message] };
    throw err;
  }
}
