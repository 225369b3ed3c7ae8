import type { FastifyRequest } from 'fastify';
import { errors } from './errors.js';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface Form {
  fields: Record<string, string>;
  files: UploadedFile[];
}

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

/** The fields of a POST, whether it came as multipart/form-data, urlencoded or JSON.
 * A file over the size limit is reported on its field, as DRF does. */
export async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<Form> {
  const form: Form = { fields: {}, files: [] };
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') form.files.push({ field: part.fieldname, filename: part.filename, data: await part.toBuffer() });
        else form.fields[part.fieldname] = String(part.value ?? '');
      }
    } catch (err) {
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
