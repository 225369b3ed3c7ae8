/** generate_avatar's `image`: JPEG or PNG as base64, plain or as a `data:` URL. Throws a reason. */
export function readImage(image) {
  if (typeof image !== 'string' || image.length === 0) throw new Error('image must be a JPEG or PNG encoded as a base64 string');
  const comma = image.startsWith('data:') ? image.indexOf(',') : -1;
  if (image.startsWith('data:') && (comma < 0 || !image.slice(0, comma).endsWith(';base64'))) {
    throw new Error('image is a data: URL that is not base64');
  }
  const text = (comma >= 0 ? image.slice(comma + 1) : image).replace(/\s+/g, '');
  let binary;
  try {
    binary = atob(text);
  } catch {
    throw new Error('image is not valid base64');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, type: 'image/jpeg', name: 'photo.jpg' };
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return { bytes, type: 'image/png', name: 'photo.png' };
  throw new Error('image is neither a JPEG nor a PNG');
}

/** model_generated's photoBytes are JPEG: a PNG is re-encoded in the browser. */
export async function jpegBytes(photo) {
  if (photo.type === 'image/jpeg') return photo.bytes;
  const bitmap = await createImageBitmap(new Blob([photo.bytes], { type: photo.type }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d').drawImage(bitmap, 0, 0);
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer());
}

/** A blob as a `data:` URL, as generate_avatar's `image` takes it. */
export function dataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error ?? new Error('the photo could not be read'));
    reader.readAsDataURL(blob);
  });
}
