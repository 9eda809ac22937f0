/** The `X-Registry-Auth` header that carries credentials to the engine for a pull or push. */

export interface RegistryAuth {
  username?: string;
  password?: string;
  /** Which registry these are for; with the containerd image store, a mismatch means they are unused. */
  serveraddress: string;
  /** An OAuth refresh token, sent instead of a password (credential helpers' `<token>` user). */
  identitytoken?: string;
}

/**
 * JSON, then base64url WITH `=` padding. Node's 'base64url' drops the padding, and the
 * daemon rejects unpadded input for pulls silently: the pull just runs anonymously.
 */
export function encodeRegistryAuth(auth: RegistryAuth): string {
  const body: RegistryAuth = { serveraddress: auth.serveraddress };
  if (auth.username !== undefined) body.username = auth.username;
  if (auth.password !== undefined) body.password = auth.password;
  if (auth.identitytoken !== undefined) body.identitytoken = auth.identitytoken;
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}
