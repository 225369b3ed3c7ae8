import { deflateSync } from 'node:zlib';
import type { FbxNode, FbxValue } from './node.js';

/**
 * Binary FBX 7.4 (version 7400): 32-bit record offsets, which every FBX reader takes (7.5's 64-bit
 * offsets only matter past 4 GB). Layout after the public notes on the format (Blender developer blog,
 * 2013; "fbx-book"): a 27-byte header, the top-level records, a 13-byte null record, the footer.
 * Written by hand: no maintained npm package writes binary FBX.
 */
export const FBX_VERSION = 7400;

/** Arrays at least this long (bytes) are zlib-compressed, as the SDK does; smaller ones don't shrink. */
const COMPRESS_FROM_BYTES = 128;
/**
 * zlib level 1: float arrays barely compress better at 6 (~4 % smaller) but take five times as long,
 * and blendshape arrays are most of an avatar file (see docs/fbx.md for timings).
 */
const COMPRESSION_LEVEL = 1;

const HEADER_MAGIC = 'Kaydara FBX Binary  \u0000\u001a\u0000';
/** The SDK's footer starts with 16 bytes whose high nibbles are fixed; these are the ones Blender writes. */
const FOOTER_ID = [0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e];
const FOOTER_MAGIC = [0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b];
const NULL_RECORD_BYTES = 13;

/** Encodes top-level records as a binary FBX file. */
export function encodeFbx(records: FbxNode[]): Uint8Array {
  const out = new ByteWriter();
  out.ascii(HEADER_MAGIC);
  out.u32(FBX_VERSION);
  for (const record of records) writeNode(out, record);
  out.zeros(NULL_RECORD_BYTES);
  out.bytes(FOOTER_ID);
  // Zero padding to a 16-byte boundary, so that the whole file is a multiple of 16 bytes as SDK files are.
  out.zeros((16 - (out.length % 16)) % 16);
  out.zeros(4);
  out.u32(FBX_VERSION);
  out.zeros(120);
  out.bytes(FOOTER_MAGIC);
  return out.result();
}

function writeNode(out: ByteWriter, record: FbxNode): void {
  const start = out.length;
  out.zeros(12); // end offset, value count, value bytes: filled in below
  const name = Buffer.from(record.name, 'latin1');
  if (name.length > 255) throw new Error(`FBX record name too long: ${record.name}`);
  out.u8(name.length);
  out.bytes(name);
  const valuesStart = out.length;
  for (const value of record.values) writeValue(out, value);
  const valueBytes = out.length - valuesStart;
  for (const child of record.children) writeNode(out, child);
  if (record.children.length > 0 || record.values.length === 0 || record.block) out.zeros(NULL_RECORD_BYTES);
  out.setU32(start, out.length);
  out.setU32(start + 4, record.values.length);
  out.setU32(start + 8, valueBytes);
}

function writeValue(out: ByteWriter, value: FbxValue): void {
  out.ascii(value.type);
  switch (value.type) {
    case 'C': return out.u8(value.value ? 0x59 : 0x54); // 'Y' / 'T', as the SDK writes bools
    case 'Y': return out.number(2, (view, at) => view.setInt16(at, value.value, true));
    case 'I': return out.number(4, (view, at) => view.setInt32(at, value.value, true));
    case 'F': return out.number(4, (view, at) => view.setFloat32(at, value.value, true));
    case 'D': return out.number(8, (view, at) => view.setFloat64(at, value.value, true));
    case 'L': return out.number(8, (view, at) => view.setBigInt64(at, value.value, true));
    case 'S': {
      const bytes = Buffer.from(value.value, 'utf8');
      out.u32(bytes.length);
      return out.bytes(bytes);
    }
    case 'R':
      out.u32(value.value.length);
      return out.bytes(value.value);
    default:
      return writeArray(out, value.value);
  }
}

function writeArray(out: ByteWriter, array: Int32Array | BigInt64Array | Float32Array | Float64Array): void {
  // Typed arrays are little-endian on every platform Node runs on (x64, arm64), as FBX wants.
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  out.u32(array.length);
  if (bytes.length >= COMPRESS_FROM_BYTES) {
    const packed = deflateSync(bytes, { level: COMPRESSION_LEVEL });
    if (packed.length < bytes.length) {
      out.u32(1);
      out.u32(packed.length);
      return out.bytes(packed);
    }
  }
  out.u32(0);
  out.u32(bytes.length);
  out.bytes(bytes);
}

/** A growable byte buffer; records are written once and their offsets patched afterwards. */
class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  private dataView = new DataView(this.buffer.buffer);
  length = 0;

  /** Reserves n bytes and returns where they start. */
  grow(n: number): number {
    const at = this.length;
    if (at + n > this.buffer.length) {
      let size = this.buffer.length * 2;
      while (size < at + n) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buffer.subarray(0, at));
      this.buffer = next;
      this.dataView = new DataView(next.buffer);
    }
    this.length = at + n;
    return at;
  }

  /** Writes a fixed-size number after making room for it (growing replaces the DataView). */
  number(size: number, write: (view: DataView, at: number) => void): void {
    const at = this.grow(size);
    write(this.dataView, at);
  }

  u8(value: number): void {
    const at = this.grow(1);
    this.buffer[at] = value;
  }

  u32(value: number): void {
    const at = this.grow(4);
    this.dataView.setUint32(at, value, true);
  }

  setU32(at: number, value: number): void {
    this.dataView.setUint32(at, value, true);
  }

  bytes(values: ArrayLike<number>): void {
    const at = this.grow(values.length);
    this.buffer.set(values, at);
  }

  ascii(text: string): void {
    this.bytes(Buffer.from(text, 'latin1'));
  }

  zeros(n: number): void {
    const at = this.grow(n);
    this.buffer.fill(0, at, this.length);
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
