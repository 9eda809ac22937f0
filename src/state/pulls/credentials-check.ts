/**
 * Whether a pull (or push) has got past the registry's check of its credentials, and whether
 * its failure was that check: the pull dialog stays open until one or the other, so that wrong
 * credentials can be typed again where they were typed (issue 33, item 9).
 *
 * dockerd sends its first pull message ("<tag>: Pulling from <repo>") only once the manifest
 * came, which takes the credentials; a push lists its layers as Preparing and Waiting first, and
 * needs the credentials for the next step (Pushing, Layer already exists, Mounted from …).
 */
import type { PullState } from './pull-reducer.ts';

const BEFORE_THE_REGISTRY = new Set(['Preparing', 'Waiting']);
const REGISTRY_ANSWERED = /Pulling from |^Digest: |Status: /;

export function credentialsAccepted(pull: PullState): boolean {
  if (pull.status === 'done') return true;
  if ([...pull.header, ...pull.footer].some((line) => REGISTRY_ANSWERED.test(line))) return true;
  return [...pull.layers.values()].some((layer) => !BEFORE_THE_REGISTRY.has(layer.phase));
}

/** The registry's words for refused credentials (Docker's, Podman's, registries' own). */
const REFUSED = /unauthorized|authentication required|incorrect username or password|access denied|denied: requested access|\b401\b/i;

export function isCredentialsRefusal(message: string | undefined): boolean {
  return message !== undefined && REFUSED.test(message);
}
