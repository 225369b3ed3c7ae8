# Imports FBX files with Blender's own importer and prints what it built, one JSON line per file:
#   blender --background --factory-startup --python bench/blenderImport.py -- a.fbx [b.fbx ...]
# Each line starts with "FBXCHECK " so that the caller can find it among Blender's own output.
# Used by bench/blenderImport.ts and test/fbxBlender.test.ts; runs on Blender 3.4 (Debian) and later.
import json
import sys

import bpy


def image_of(node):
    image = node.image
    if image is None:
        return None
    return {'name': image.name, 'packed': image.packed_file is not None, 'file': bpy.path.basename(image.filepath), 'size': list(image.size)}


def material_report(material):
    images = []
    if material.node_tree:
        for node in material.node_tree.nodes:
            if node.type == 'TEX_IMAGE':
                links = [link.to_socket.name for output in node.outputs for link in output.links]
                images.append({**(image_of(node) or {}), 'links': links})
    return {'name': material.name, 'blend': material.blend_method, 'images': images}


def object_report(obj):
    report = {'name': obj.name, 'type': obj.type, 'parent': obj.parent.name if obj.parent else None}
    if obj.type == 'MESH':
        mesh = obj.data
        report['vertices'] = len(mesh.vertices)
        report['polygons'] = len(mesh.polygons)
        report['uvLayers'] = [uv.name for uv in mesh.uv_layers]
        keys = mesh.shape_keys.key_blocks if mesh.shape_keys else []
        report['shapeKeys'] = [k.name for k in keys]
        report['shapeKeyMaxOffset'] = {
            k.name: max((abs(a - b) for kv, bv in zip(k.data, keys[0].data) for a, b in zip(kv.co, bv.co)), default=0)
            for k in keys[1:]
        }
        report['vertexGroups'] = [g.name for g in obj.vertex_groups]
        report['materials'] = [material_report(m) for m in mesh.materials if m]
        report['modifiers'] = [{'type': m.type, 'object': m.object.name if getattr(m, 'object', None) else None} for m in obj.modifiers]
        world = [obj.matrix_world @ v.co for v in mesh.vertices]
        if world:
            report['size'] = [max(p[i] for p in world) - min(p[i] for p in world) for i in range(3)]
            report['center'] = [(max(p[i] for p in world) + min(p[i] for p in world)) / 2 for i in range(3)]
    if obj.type == 'ARMATURE':
        report['bones'] = [{'name': b.name, 'parent': b.parent.name if b.parent else None, 'head': list(b.head_local)} for b in obj.data.bones]
    return report


def action_report(action):
    keys = sorted({fc.data_path.split('"')[1] for fc in action.fcurves if fc.data_path.startswith('key_blocks["')})
    return {'name': action.name, 'curves': len(action.fcurves), 'frames': list(action.frame_range), 'shapeKeys': keys}


def check(path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.fbx(filepath=path)
    return {
        'file': path,
        'result': sorted(result),
        'objects': [object_report(o) for o in bpy.data.objects],
        'actions': [action_report(a) for a in bpy.data.actions],
        'fps': bpy.context.scene.render.fps,
    }


def main():
    files = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
    for path in files:
        try:
            report = check(path)
        except Exception as error:  # reported to the caller rather than lost in Blender's log
            report = {'file': path, 'error': f'{type(error).__name__}: {error}'}
        print('FBXCHECK ' + json.dumps(report), flush=True)


main()
