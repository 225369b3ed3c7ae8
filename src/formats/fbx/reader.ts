import { inflateSync } from 'node:zlib';
import type { FbxNode, FbxValue } from './node.js';

export interface FbxFile {
  version: number;
  records: FbxNode[];
}

/**
 * Reads binary FBX (7.x, 32- and 64-bit offsets) into records: enough to check what `writeFbx` wrote
 * without trusting the writer's own bookkeeping. Throws on a bad header or a record that overruns.
 */
export function readFbx(data: Uint8Array): FbxFile {
  const magic = Buffer.from(data.subarray(0, 23)).toString('latin1');
  if (magic !== 'Kaydara FBX Binary  \u0000\u001a\u0000') throw new Error('not a binary FBX file');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const version = view.getUint32(23, true);
  const wide = version >= 7500;
  const records: FbxNode[] = [];
  let at = 27;
  for (;;) {
    const { record, end } = readNode(data, view, at, wide);
    at = end;
    if (!record) break;
    records.push(record);
  }
  return { version, records };
}

function readNode(data: Uint8Array, view: DataView, start: number, wide: boolean): { record?: FbxNode; end: number } {
  const word = (at: number): number => (wide ? Number(view.getBigUint64(at, true)) : view.getUint32(at, true));
  const size = wide ? 8 : 4;
  const endOffset = word(start);
  const valueCount = word(start + size);
  const nameLength = view.getUint8(start + 3 * size);
  let at = start + 3 * size + 1;
  if (endOffset === 0) return { end: at };
  if (endOffset > data.length) throw new Error(`FBX record at ${start} ends past the file`);
  const name = Buffer.from(data.subarray(at, at + nameLength)).toString('latin1');
  at += nameLength;
  const values: FbxValue[] = [];
  for (let i = 0; i < valueCount; i++) {
    const read = readValue(data, view, at);
    values.push(read.value);
    at = read.end;
  }
  const children: FbxNode[] = [];
  while (at < endOffset) {
    const child = readNode(data, view, at, wide);
    at = child.end;
    if (child.record) children.push(child.record);
  }
  if (at !== endOffset) throw new Error(`FBX record ${name} at ${start} does not end at its end offset`);
  return { record: { name, values, children }, end: endOffset };
}

function readValue(data: Uint8Array, view: DataView, at: number): { value: FbxValue; end: number } {
  const type = String.fromCharCode(data[at]);
  at += 1;
  switch (type) {
    case 'C': return { value: { type, value: (data[at] & 1) === 1 }, end: at + 1 };
    case 'Y': return { value: { type, value: view.getInt16(at, true) }, end: at + 2 };
    case 'I': return { value: { type, value: view.getInt32(at, true) }, end: at + 4 };
    case 'F': return { value: { type, value: view.getFloat32(at, true) }, end: at + 4 };
    case 'D': return { value: { type, value: view.getFloat64(at, true) }, end: at + 8 };
    case 'L': return { value: { type, value: view.getBigInt64(at, true) }, end: at + 8 };
    case 'S':
    case 'R': {
      const length = view.getUint32(at, true);
      const bytes = data.slice(at + 4, at + 4 + length);
      const value: FbxValue = type === 'S' ? { type, value: Buffer.from(bytes).toString('utf8') } : { type, value: bytes };
      return { value, end: at + 4 + length };
    }
    case 'i':
    case 'l':
    case 'f':
    case 'd': {
      const count = view.getUint32(at, true);
      const encoding = view.getUint32(at + 4, true);
      const length = view.getUint32(at + 8, true);
      const stored = data.subarray(at + 12, at + 12 + length);
      const bytes = encoding === 1 ? new Uint8Array(inflateSync(stored)) : stored.slice();
      return { value: typedArray(type, bytes, count), end: at + 12 + length };
    }
    default:
      throw new Error(`unknown FBX value type ${JSON.stringify(type)} at ${at - 1}`);
  }
}

function typedArray(type: 'i' | 'l' | 'f' | 'd', bytes: Uint8Array, count: number): FbxValue {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  switch (type) {
    case 'i': return { type, value: new Int32Array(buffer, 0, count) };
    case 'l': return { type, value: new BigInt64Array(buffer, 0, count) };
    case 'f': return { type, value: new Float32Array(buffer, 0, count) };
    case 'd': return { type, value: new Float64Array(buffer, 0, count) };
  }
}

/** The first child record called `name`, for walking a read file. */
export function child(record: FbxNode, name: string): FbxNode | undefined {
  return record.children.find((c) => c.name === name);
}
