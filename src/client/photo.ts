/** What `createAvatar` takes as a photo in any runtime. */
export type PhotoSource = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** The photo as a Blob, which a multipart form can send again if the request is retried. */
export async function photoBlob(photo: PhotoSource): Promise<Blob> {
  if (photo instanceof Blob) return photo;
  if (photo instanceof ArrayBuffer) return new Blob([photo]);
  if (ArrayBuffer.isView(photo)) return new Blob([new Uint8Array(photo.buffer, photo.byteOffset, photo.byteLength).slice()]);
  if (typeof (photo as ReadableStream).getReader === 'function') return new Response(photo as ReadableStream<Uint8Array>).blob();
  if (Symbol.asyncIterator in (photo as object)) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of photo as AsyncIterable<Uint8Array>) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk));
    return new Blob(chunks as BlobPart[]);
  }
  throw new TypeError('photo: give a Blob, an ArrayBuffer, a Uint8Array or Buffer, or a stream (a file path in Node)');
}
