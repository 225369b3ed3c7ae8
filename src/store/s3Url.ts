/** The bucket and the key prefix of an `s3://bucket/prefix` URL (the prefix may be empty). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!match) throw new Error(`an S3 storage URL is s3://bucket/prefix, got "${url}"`);
  return { bucket: match[1]!, prefix: match[2]!.replace(/^\/+|\/+$/g, '') };
}
