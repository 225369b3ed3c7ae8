import type { AvatarRecord } from '../store/avatars.js';
import type { Player } from '../store/players.js';

/** The public form of a player. */
export function serializePlayer(base: string, player: Player) {
  return { url: `${base}/players/${player.code}/`, code: player.code, created_on: player.created_on, comment: player.comment };
}

/** The public form of an avatar: the spec's fields, plus the pipeline and absolute links to every asset. */
export function serializeAvatar(base: string, avatar: AvatarRecord) {
  const url = `${base}/avatars/${avatar.code}/`;
  return {
    code: avatar.code,
    url,
    name: avatar.name,
    description: avatar.description,
    created_on: avatar.created_on,
    status: avatar.status,
    progress: avatar.progress,
    failure_reason: avatar.failure_reason,
    faces_detected: avatar.faces_detected,
    pipeline: avatar.pipeline,
    pipeline_subtype: avatar.pipeline_subtype,
    player: avatar.player_code,
    model_info: `${url}model_info/`,
    haircuts: `${url}haircuts/`,
    outfits: `${url}outfits/`,
    blendshapes: `${url}blendshapes/`,
    textures: `${url}textures/`,
    exports: `${url}exports/`,
    mesh: `${url}mesh/`,
    pointcloud: `${url}pointcloud/`,
    preview: `${url}preview/`,
  };
}
