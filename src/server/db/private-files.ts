import { chmodSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * Everything the server keeps on disk is its own account's alone: folders 0700, files 0600
 * (docs/security.md#file-permissions). The database's files hold the applicants' data and every
 * secret the database holds, so a file another account can read gives that account all of it.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Every permission of the group and of other accounts. */
const SHARED_BITS = 0o077;
/** Write permission for the group or for other accounts. */
const SHARED_WRITE_BITS = 0o022;
/** A folder where anyone may create entries but remove only their own: /tmp. */
const STICKY = 0o1000;

/** Where modes and owners mean nothing (Windows), nothing here is checked or changed. */
const hasModes = process.platform !== 'win32';
const ownUid = (): number | undefined => process.getuid?.();

/**
 * The first step of every program (the server, the command-line tools): whatever creates a file
 * or folder without naming its mode (PGlite, which asks for 0666, a library) makes it the
 * account's alone, whatever umask the program was started with.
 */
export function keepNewFilesPrivate(): void {
  if (hasModes) process.umask(SHARED_BITS);
}

/** A folder or file of the server's that it will not use as it is; the message says the fix. */
export class FilePermissionError extends Error {
  override name = 'FilePermissionError';
}

/** The path as a shell reads it back, for the commands the messages give. */
export const shellPath = (file: string): string =>
  /^[\w@%+=:,./-]+$/.test(file) ? file : `'${file.replaceAll("'", `'\\''`)}'`;

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

const statIfThere = (file: string): Stats | undefined => {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Checks a folder or file the server keeps private data in, before it writes anything there
 * (the data folder, the erasure log). One that other accounts can read, write or enter is made
 * private when this account owns it (an install from before these rules); one owned by another
 * account is refused, since only its owner (or root) may change it, and so is a shared folder
 * such as /tmp (sticky), which is no place for private data. A path that does not exist yet is
 * left to be created private. Answers whether it was tightened.
 */
export function securePrivatePlace(place: string, what: string, kind: 'folder' | 'file'): boolean {
  if (!hasModes) return false;
  const stat = statIfThere(place);
  if (!stat || (stat.mode & SHARED_BITS) === 0) return false;
  const mode = kind === 'folder' ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
  const fix = `chmod ${mode.toString(8)} ${shellPath(place)}`;
  if (stat.uid !== ownUid()) {
    throw new FilePermissionError(
      `${what} ${place} is open to other accounts (mode ${octal(stat.mode)}) and belongs to another account (uid ${stat.uid}), so the server will not use it or change it. As its owner or root, run: ${fix} (or give it to the account the server runs as, uid ${ownUid()}), then start again.`,
    );
  }
  if ((stat.mode & STICKY) !== 0) {
    throw new FilePermissionError(
      `${what} ${place} is a folder other accounts share (mode ${octal(stat.mode)}), so the server will not keep its data in it. Use a folder of its own, for example: mkdir -m 700 ${shellPath(path.join(place, 'careers'))}`,
    );
  }
  chmodSync(place, mode);
  return true;
}

/**
 * Takes every permission of the group and of other accounts off `root` and everything under it,
 * links aside (never followed): what an older version, a copy of the build's seed or PGlite left
 * open. Answers the paths it changed. An entry this account may not change (another account's)
 * is refused with the command that fixes it.
 */
export function tightenTree(root: string): string[] {
  if (!hasModes) return [];
  const tightened: string[] = [];
  const visit = (file: string) => {
    let stat: Stats;
    try {
      stat = lstatSync(file);
    } catch (error) {
      // A file the running database removed meanwhile (a recycled log segment).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      try {
        chmodSync(file, stat.mode & 0o7700);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
        throw new FilePermissionError(
          `${file} is open to other accounts (mode ${octal(stat.mode)}) and belongs to another account (uid ${stat.uid}), so the server cannot make it private. As its owner or root, run: chmod -R go-rwx ${shellPath(root)}, then start again.`,
        );
      }
      tightened.push(file);
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) visit(path.join(file, name));
    }
  };
  visit(root);
  return tightened;
}

/** One line for the log about a place `securePrivatePlace` made private. */
export const placeTightenedNotice = (place: string): string =>
  `file permissions: ${place} was open to other accounts and is now this account's alone; see docs/security.md#file-permissions`;

/** One line for the log: how many paths under `root` were tightened, and a few of them. */
export function tightenedNotice(root: string, tightened: string[]): string {
  const examples = tightened.slice(0, 3).map((file) => path.relative(root, file) || '.');
  return `file permissions: ${tightened.length} file(s) and folder(s) under ${root} were open to other accounts and are now this account's alone (${examples.join(', ')}${tightened.length > examples.length ? ', ...' : ''}); see docs/security.md#file-permissions`;
}

/**
 * Whether accounts other than this one can create, rename or replace entries in `folder`: its
 * group or others may write it, or another account (root aside, which can anyway) owns it.
 * Answers why, with the command that takes others' write permission away when that is the cause;
 * undefined when only this account can.
 */
export function othersCanWrite(folder: string): { why: string; chmod?: string } | undefined {
  if (!hasModes) return undefined;
  const stat = statSync(folder);
  if ((stat.mode & SHARED_WRITE_BITS) !== 0) {
    return {
      why: `it is writable by other accounts (mode ${octal(stat.mode)})`,
      // A sticky folder (/tmp) is shared on purpose: taking it away from the others is no fix.
      chmod: (stat.mode & STICKY) === 0 ? `chmod go-w ${shellPath(folder)}` : undefined,
    };
  }
  if (stat.uid !== ownUid() && stat.uid !== 0)
    return { why: `it belongs to another account (uid ${stat.uid})` };
  return undefined;
}
