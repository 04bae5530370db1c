import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const FILE_NAME = 'master.key';
const HOW_TO = 'set MASTER_KEY to 32 random bytes as 64 hex characters (openssl rand -hex 32) or base64 (openssl rand -base64 32)';

/** Decodes hex (64 characters) or base64/base64url (32 bytes); null when it is neither. Never echoes the value. */
function decodeKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return null;
  // Node's base64 decoder accepts both alphabets, so one call covers base64 and base64url.
  const key = Buffer.from(t, 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The master key from MASTER_KEY when given, else from `<dataDir>/master.key`, made once on first start.
 * Losing it makes every sealed secret unreadable, so an unusable value is an error, never silently replaced.
 */
export function loadMasterKey(opts: { env?: string; dataDir: string }): Buffer {
  if (opts.env !== undefined && opts.env !== '') {
    const key = decodeKey(opts.env);
    if (!key) throw new Error(`MASTER_KEY is not a usable key: ${HOW_TO}, or unset it to use ${join(opts.dataDir, FILE_NAME)}`);
    return key;
  }
  const path = join(opts.dataDir, FILE_NAME);
  return readKeyFile(path) ?? createKeyFile(opts.dataDir, path);
}

/** HMAC-SHA256(master, purpose): independent keys per use, so a flaw in one use cannot expose another's key. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(purpose, 'utf8').digest();
}

function readKeyFile(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const key = decodeKey(text);
  if (!key) throw new Error(`${path} does not hold a 32-byte key as 64 hex characters; restore it from a backup or ${HOW_TO}`);
  return key;
}

function createKeyFile(dataDir: string, path: string): Buffer {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written whole to a private temp name, then hard-linked into place: link() fails if master.key exists, so of
  // several processes starting at once exactly one key wins and nobody ever reads a half-written file.
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, randomBytes(KEY_BYTES).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  const key = readKeyFile(path);
  if (!key) throw new Error(`${path} vanished while it was being created`);
  return key;
}
