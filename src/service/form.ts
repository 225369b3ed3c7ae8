import type { FastifyRequest } from 'fastify';
import { ApiError, errors } from './errors.js';
import { discardFile, type IncomingFile } from './photoUpload.js';

/** A file of a multipart form, as the route's receiver took it: its bytes went to the store or nowhere, never into memory. */
export interface UploadedFile {
  field: string;
  filename: string;
  /** Why the receiver refused it (e.g. "The submitted file is empty."), or null. */
  refused: string | null;
}

/** Takes a file part as it arrives, and must read it to its end; says why it refused it, or null. */
export type FileReceiver = (field: string, file: IncomingFile) => Promise<string | null>;

export interface Form {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Characters as DRF's max_length counts them: code points, so an emoji is one, not two UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * The largest text field of a multipart form, and the largest urlencoded or JSON body. Longer ones
 * answer 413, never a field cut short. No field needs more: `parameters` is at most 64 KiB of JSON
 * (PARAMETER_LIMITS.jsonLength) and a description 10000 characters. Every byte past it costs the
 * event loop: about 4 ms per MiB for busboy to decode a field, 100 ms per MiB to parse JSON of small keys.
 */
export const MAX_TEXT_BYTES = 128 * 1024;

export const NULL_CHARACTERS = 'Null characters are not allowed.';

/** DRF refuses NUL in text fields, and PostgreSQL cannot store it: refuse it at the door. */
export function refuseNulls(fields: Record<string, unknown>): void {
  const bad: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes('\0'))) bad[key.includes('\0') ? 'non_field_errors' : key] = [NULL_CHARACTERS];
  }
  if (Object.keys(bad).length) throw errors.fields(bad);
}

/** What a file's receiver threw that says nothing of the form: the store's fault, or a bug. */
class NotTheForm {
  constructor(readonly error: unknown) {}
}

/** The fields of a POST, whether it came as multipart/form-data, urlencoded or JSON.
 * A file over the size limit is reported on its field, as DRF does. Files go to `receive` as they
 * arrive, or are read and dropped when the route takes none. */
export async function readForm(request: FastifyRequest, maxFileBytes: number, receive?: FileReceiver): Promise<Form> {
  const form: Form = { fields: {}, files: [] };
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          let refused: string | null;
          try {
            refused = receive ? await receive(part.fieldname, part.file) : (await discardFile(part.file), null);
          } catch (err) {
            // The upload's own failure (the client went away, the limit) is the form's; the store's, or a bug, is not a 400.
            const upload = err === part.file.errored || (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
            throw upload ? err : new NotTheForm(err);
          }
          form.files.push({ field: part.fieldname, filename: part.filename, refused });
        }
        // busboy cuts a field at fieldSize and says so only in this flag: refuse rather than read half of it.
        else if (part.valueTruncated) throw errors.fieldTooLarge(part.fieldname, MAX_TEXT_BYTES);
        else form.fields[part.fieldname] = String(part.value ?? '');
      }
    } catch (err) {
      if (err instanceof NotTheForm) throw err.error;
      if (err instanceof ApiError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw errors.fields({ photo: [`The file is larger than the limit of ${maxFileBytes} bytes.`] });
      }
      if (code === 'FST_FILES_LIMIT') throw errors.badRequest('Only one file may be uploaded per request.');
      throw errors.badRequest(`Multipart form parse error: ${(err as Error).message}`);
    }
    refuseNulls(form.fields);
    return form;
  }
  const body = request.body;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      form.fields[key] = typeof value === 'string' ? value : Array.isArray(value) ? String(value[value.length - 1]) : JSON.stringify(value);
    }
  }
  refuseNulls(form.fields);
  return form;
}
