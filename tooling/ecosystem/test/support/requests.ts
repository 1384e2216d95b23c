/** What the ecosystem tests send and expect: per-run values in answers, temporary files, multipart bodies. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Vary } from './pair';

/**
 * The signed session id express-session sets (`connect.sid=s%3A<24-byte uid>.<HMAC>`), per
 * Set-Cookie. The HMAC is 43 characters of base64, each `+` or `/` written `%2B` or `%2F`: 43 to
 * 129 characters (a run with nine of them, 61, failed the bound of 60 this had).
 */
export function sessionCookie(name = 'connect.sid'): Vary {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { in: 'set-cookie', pattern: new RegExp(`^${escaped}=s%3A[\\w-]{32}\\.[\\w%]{43,129};`), as: `${name}=<session id>;` };
}

/** The `Expires=<HTTP date>` attribute of cookies given a maxAge (from the clock). */
export const COOKIE_EXPIRES: Vary = {
  in: 'set-cookie',
  pattern: /Expires=(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT/,
  as: 'Expires=<date>',
};

/**
 * A temporary directory for the tests of the file, holding `files` (name -> content): made
 * before all of them, removed after all. Returns its path (to call once the tests run).
 */
export function tempDir(name: string, files: Record<string, string | Buffer> = {}): () => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `webfw-ecosystem-${name}-`));
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!dir) throw new Error('the temporary directory exists only while the tests run');
    return dir;
  };
}

/** A multipart/form-data body with a fixed boundary (the same bytes to both apps). */
export function multipart(
  parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
  boundary = 'ecosystemBoundary7MA4YWxk',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
