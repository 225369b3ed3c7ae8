import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../store/database.js';
import { serverSecret } from '../store/settings.js';

/**
 * The unguessable part of an export's public link: an HMAC of the export code under a server secret.
 * Nothing token-like is stored, so a leaked database row does not leak a link; deleting the export
 * ends the link.
 */
export async function publicSignature(db: Db, exportCode: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db, 'public_export_links')).update(exportCode).digest('base64url');
}

export async function checkPublicSignature(db: Db, exportCode: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(await publicSignature(db, exportCode));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Path of an export's public file under the public URL: its avatar.zip, or with make_public_direct
 * the model file itself (`model.glb`), whose name ends the path with no query after it.
 */
export function publicExportPath(exportCode: string, signature: string, name = 'avatar.zip'): string {
  return `/public/exports/${exportCode}/${signature}/${name}`;
}
