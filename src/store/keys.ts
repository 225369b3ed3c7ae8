/** Blob keys of an avatar's files: everything of one avatar lives under one prefix, so deleting it is one call. */
export function avatarPrefix(code: string): string {
  return `avatars/${code}/`;
}

export function avatarKey(code: string, name: string): string {
  return `${avatarPrefix(code)}${name}`;
}
