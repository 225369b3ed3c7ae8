/**
 * OAuth2 scopes of access tokens (RFC 6749 §3.3), as django-oauth-toolkit's read/write scopes: `read`
 * lets a token use the safe methods, `write` the others. A token request without `scope` gets both.
 */
export const SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof SCOPES)[number];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The scope a request of this method needs. */
export function scopeNeeded(method: string): OAuthScope {
  return SAFE_METHODS.has(method) ? 'read' : 'write';
}

/** A requested scope string as granted: known names once each, in a fixed order; or the unknown names. */
export function grantScope(requested: string | undefined): { scope: string } | { unknown: string[] } {
  const names = (requested ?? '').split(' ').filter(Boolean);
  const unknown = names.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) return { unknown: [...new Set(unknown)] };
  const granted = names.length ? SCOPES.filter((s) => names.includes(s)) : SCOPES;
  return { scope: granted.join(' ') };
}

/** Whether a token's stored scope string includes `needed`. */
export function hasScope(tokenScope: string, needed: OAuthScope): boolean {
  return tokenScope.split(' ').includes(needed);
}
