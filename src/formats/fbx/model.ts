import { block, node, objectName, yes, type FbxNode, type FbxValue } from './node.js';
import { P, properties70 } from './properties.js';

/**
 * A scene node: `Mesh` (with a geometry), `LimbNode` (a joint) or `Null` (a group). Its local
 * transform is `Lcl Translation` and `Lcl Rotation` (Euler degrees, order XYZ), with InheritType 1
 * (parent rotation and scale, then local), the ordinary matrix product every DCC tool uses.
 */
export function modelRecord(
  id: FbxValue, name: string, type: 'Mesh' | 'LimbNode' | 'Null',
  translation: readonly number[] = [0, 0, 0], rotation: readonly number[] = [0, 0, 0],
): FbxNode {
  return block('Model', [id, objectName(name, 'Model'), type], [
    node('Version', [232]),
    properties70(
      P.local('Lcl Translation', translation),
      P.local('Lcl Rotation', rotation),
      P.local('Lcl Scaling', [1, 1, 1]),
      P.int('DefaultAttributeIndex', 0),
      P.enum('InheritType', 1),
    ),
    node('MultiLayer', [0]),
    node('MultiTake', [0]),
    node('Shading', [yes()]),
    node('Culling', ['CullingOff']),
  ]);
}
