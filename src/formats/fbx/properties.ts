import { double, int, long, node, str, type FbxNode } from './node.js';

/**
 * Typed properties of an FBX object: `Properties70` holds one `P` record per property, written as
 * (name, type, label, flags, value…). The type names are the ones the FBX SDK writes; Blender's
 * importer checks the value codes (colours and vectors three doubles, ints and enums int32).
 */
export const P = {
  int: (name: string, value: number): FbxNode => node('P', [name, 'int', 'Integer', '', int(value)]),
  bool: (name: string, value: boolean): FbxNode => node('P', [name, 'bool', '', '', int(value ? 1 : 0)]),
  enum: (name: string, value: number): FbxNode => node('P', [name, 'enum', '', '', int(value)]),
  double: (name: string, value: number): FbxNode => node('P', [name, 'double', 'Number', '', double(value)]),
  /** An animatable number (`Number` with flag A), as material factors are. */
  number: (name: string, value: number): FbxNode => node('P', [name, 'Number', '', 'A', double(value)]),
  string: (name: string, value: string): FbxNode => node('P', [name, 'KString', '', '', str(value)]),
  time: (name: string, ticks: bigint): FbxNode => node('P', [name, 'KTime', 'Time', '', long(ticks)]),
  colorRgb: (name: string, rgb: readonly number[]): FbxNode => node('P', [name, 'ColorRGB', 'Color', '', ...rgb.map(double)]),
  /** An animatable colour (`Color` with flag A), as material colours are. */
  color: (name: string, rgb: readonly number[]): FbxNode => node('P', [name, 'Color', '', 'A', ...rgb.map(double)]),
  vector: (name: string, xyz: readonly number[]): FbxNode => node('P', [name, 'Vector3D', 'Vector', '', ...xyz.map(double)]),
  /** `Lcl Translation`, `Lcl Rotation` (Euler degrees) or `Lcl Scaling`. */
  local: (name: 'Lcl Translation' | 'Lcl Rotation' | 'Lcl Scaling', xyz: readonly number[]): FbxNode =>
    node('P', [name, name, '', 'A', ...xyz.map(double)]),
  object: (name: string): FbxNode => node('P', [name, 'object', '', '']),
};

export function properties70(...entries: FbxNode[]): FbxNode {
  return node('Properties70', [], entries);
}
