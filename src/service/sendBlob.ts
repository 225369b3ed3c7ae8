import type { FastifyReply } from 'fastify';
import type { AppContext } from './context.js';

/** What the OpenAPI says of every download that sendBlob answers. */
export const REDIRECTED_DOWNLOADS =
  'On a server with its files on S3 and LIKENESS_S3_PRESIGNED_DOWNLOADS, a large file answers 302 to a URL of the bucket valid for 5 minutes, which serves the same bytes, type and file name.';

export interface BlobAnswer {
  contentType: string;
  /** The file name the client saves it as (`Content-Disposition: attachment`). */
  filename: string;
  cacheControl: string;
}

/**
 * Answers with a stored blob, streamed from the store with its `Content-Length`: the API never holds
 * a whole file. When the store offers presigned downloads (S3 with LIKENESS_S3_PRESIGNED_DOWNLOADS)
 * and the blob is large, the answer is a 302 to a short-lived URL of the bucket instead, which is never
 * cached. False when there is no such blob, for the caller to say why; the caller then returns `reply`.
 *
 * A boolean, not the reply: a FastifyReply is a thenable whose `then` resolves to undefined once the
 * response is sent, so an async function returning it made every successful download look like a
 * missing blob to its caller (which then logged "missing from storage" and threw after the answer).
 */
export async function sendBlob(ctx: AppContext, reply: FastifyReply, key: string, answer: BlobAnswer): Promise<boolean> {
  const url = await ctx.blobs.downloadUrl?.(key, { contentType: answer.contentType, filename: answer.filename });
  if (url) {
    reply.header('Cache-Control', 'no-store').redirect(url, 302);
    return true;
  }
  const found = await ctx.blobs.getStream(key);
  if (!found) return false;
  if (found.size !== null) reply.header('Content-Length', String(found.size));
  reply
    .type(answer.contentType)
    .header('Content-Disposition', `attachment; filename="${answer.filename}"`)
    .header('Cache-Control', answer.cacheControl)
    .send(found.body);
  return true;
}
