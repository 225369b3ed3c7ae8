/** The prefix every avatar's folder is under. */
export const AVATARS = 'avatars/';

/** Blob keys of an avatar's files: everything of one avatar lives under one prefix, so deleting it is one call. */
export function avatarPrefix(code: string): string {
  return `${AVATARS}${code}/`;
}

export function avatarKey(code: string, name: string): string {
  return `${avatarPrefix(code)}${name}`;
}

/** Blob key of a static file (the same bytes for every export that lists it); `<identity>.json` holds its metadata. */
export function staticKey(identity: string): string {
  return `static/${identity}`;
}
