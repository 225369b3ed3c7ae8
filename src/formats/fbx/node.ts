/**
 * The FBX document tree: named records with typed values and child records. Values carry their FBX
 * type code because a JavaScript number says nothing about whether the file wants an int32, an int64
 * or a double, and readers (the FBX SDK, Blender) check the codes.
 */
export type FbxValue =
  | { type: 'Y' | 'I' | 'F' | 'D'; value: number }
  | { type: 'L'; value: bigint }
  | { type: 'C'; value: boolean }
  | { type: 'S'; value: string }
  | { type: 'R'; value: Uint8Array }
  | { type: 'i'; value: Int32Array }
  | { type: 'l'; value: BigInt64Array }
  | { type: 'f'; value: Float32Array }
  | { type: 'd'; value: Float64Array };

export interface FbxNode {
  name: string;
  values: FbxValue[];
  children: FbxNode[];
  /**
   * Write the end-of-children marker even without children. The SDK does for records it prints with
   * braces in ASCII FBX (objects such as AnimationLayer); readers use it to tell a block from a value.
   */
  block?: boolean;
}

export const int = (value: number): FbxValue => ({ type: 'I', value });
export const long = (value: number | bigint): FbxValue => ({ type: 'L', value: BigInt(value) });
export const double = (value: number): FbxValue => ({ type: 'D', value });
export const str = (value: string): FbxValue => ({ type: 'S', value });
export const raw = (value: Uint8Array): FbxValue => ({ type: 'R', value });
/** Only `true` is written as a bool: SDK files say false with 'T' (0x54), which Blender's reader takes for true. */
export const yes = (): FbxValue => ({ type: 'C', value: true });
export const ints = (value: ArrayLike<number>): FbxValue => ({ type: 'i', value: Int32Array.from(value) });
export const doubles = (value: ArrayLike<number>): FbxValue => ({ type: 'd', value: Float64Array.from(value) });

/** A record; plain numbers become int32, strings S, so most call sites stay short. */
export function node(name: string, values: Array<FbxValue | number | string> = [], children: FbxNode[] = []): FbxNode {
  return { name, values: values.map(asValue), children };
}

/** A record always written as a block (see {@link FbxNode.block}). */
export function block(name: string, values: Array<FbxValue | number | string>, children: FbxNode[] = []): FbxNode {
  return { ...node(name, values, children), block: true };
}

function asValue(value: FbxValue | number | string): FbxValue {
  if (typeof value === 'number') return int(value);
  if (typeof value === 'string') return str(value);
  return value;
}

/**
 * The name of an object record: binary FBX joins the object's name and its class with "\0\1"
 * (ASCII FBX shows it as `Class::name`). Blender's importer splits on it and checks the class.
 */
export function objectName(name: string, fbxClass: string): FbxValue {
  return str(`${name}\u0000\u0001${fbxClass}`);
}
