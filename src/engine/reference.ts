/**
 * Image references as a person types them: "alpine", "busybox:1.36", "localhost:5000/foo/bar:1",
 * "ghcr.io/org/app@sha256:…". Follows distribution/reference (the Go rules the CLI uses).
 *
 * We check the input ourselves before handing it to @swimlane/docker-reference, for two
 * reasons: its errors are terse ("invalid reference format"), and its name pattern uses
 * the old `[-]*` separator, which in a backtracking regex engine takes exponential time
 * on input such as 30 letters followed by "!" (Go's RE2 engine is immune; V8's is not).
 * Our patterns are linear, and the library only ever sees input we have already accepted,
 * where its regex matches on the first attempt.
 */
import { parseFamiliarName } from '@swimlane/docker-reference';

export interface ImageRef {
  /** Registry host[:port]; "docker.io" for Docker Hub. */
  domain: string;
  /** Repository path on that registry, e.g. "library/busybox". */
  path: string;
  tag?: string;
  digest?: string;
  /** As a user would write it: "busybox:latest", "localhost:5000/foo/bar:1". No tag is added. */
  familiar: string;
}

export type ParseResult = { ok: true; ref: ImageRef } | { ok: false; message: string };
export type Validation = { ok: true } | { ok: false; message: string };

export interface PullTarget {
  /** Fully qualified, as the Go client sends it: "docker.io/library/alpine". */
  fromImage: string;
  /** A tag or a digest; never empty, because an empty tag makes the engine pull every tag. */
  tag: string;
  /** True when the user gave neither tag nor digest (the UI says "Using default tag: latest"). */
  impliedLatest: boolean;
}

const NAME_MAX_LENGTH = 255;
const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_PREFIX = 'library/';

const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const DOMAIN_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const PORT = /^[0-9]+$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const IMAGE_ID = /^[a-f0-9]{64}$/;
const HEX = /^[a-f0-9]+$/;
// go-digest's registered algorithms, with their hex lengths; the library accepts the same three.
const DIGEST_HEX_LENGTH: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 };
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const WHITESPACE = /\s/;

export function parseImageReference(input: string): ParseResult {
  const message = checkReference(input);
  if (message !== undefined) return { ok: false, message };
  let parsed: ReturnType<typeof parseFamiliarName>;
  try {
    parsed = parseFamiliarName(input);
  } catch (error) {
    // Not expected after our checks; keep the library's words rather than throw.
    return { ok: false, message: `invalid image reference: ${error instanceof Error ? error.message : String(error)}` };
  }
  const domain = parsed.domain ?? DEFAULT_DOMAIN;
  const path = parsed.repository ?? '';
  const tag = parsed.tag || undefined;
  const digest = parsed.digest || undefined;
  const familiar = familiarString(domain, path, tag, digest);
  const ref: ImageRef = { domain, path, ...(tag && { tag }), ...(digest && { digest }), familiar };
  return { ok: true, ref };
}

/** What to send to `POST /images/create`: a digest wins over a tag, as in the Go client. */
export function pullTarget(ref: ImageRef): PullTarget {
  const tag = ref.digest ?? ref.tag;
  return { fromImage: `${ref.domain}/${ref.path}`, tag: tag ?? 'latest', impliedLatest: tag === undefined };
}

/** A repository for the commit dialog: a name with an optional registry, but no tag or digest. */
export function validateRepository(input: string): Validation {
  const message = checkText(input, 'repository');
  if (message !== undefined) return { ok: false, message };
  if (input.includes('@')) return { ok: false, message: 'a repository cannot include a digest' };
  if (IMAGE_ID.test(input)) return { ok: false, message: 'a repository name cannot be 64 hex digits: that reads as an image ID' };
  const tagAt = tagSeparatorIndex(input);
  if (tagAt !== -1) {
    return { ok: false, message: `remove ":${input.slice(tagAt + 1)}" and put the tag in the tag field` };
  }
  const nameMessage = checkName(input);
  return nameMessage === undefined ? { ok: true } : { ok: false, message: nameMessage };
}

export function validateTag(input: string): Validation {
  const message = checkTag(input);
  return message === undefined ? { ok: true } : { ok: false, message };
}

function checkReference(input: string): string | undefined {
  const textMessage = checkText(input, 'image');
  if (textMessage !== undefined) return textMessage;
  if (input.includes('://')) return 'remove the URL scheme: an image reference is host/name:tag, not a URL';
  if (IMAGE_ID.test(input)) return 'that is an image ID, not a name that can be pulled';

  let rest = input;
  const at = rest.indexOf('@');
  if (at !== -1) {
    const digestMessage = checkDigest(rest.slice(at + 1));
    if (digestMessage !== undefined) return digestMessage;
    rest = rest.slice(0, at);
  }
  const tagAt = tagSeparatorIndex(rest);
  if (tagAt !== -1) {
    const tagMessage = checkTag(rest.slice(tagAt + 1));
    if (tagMessage !== undefined) return tagMessage;
    rest = rest.slice(0, tagAt);
  }
  if (rest === '') return 'image name is missing';
  return checkName(rest);
}

/** Shared by everything that takes typed text: empty, whitespace and control characters. */
function checkText(input: string, what: 'image' | 'repository'): string | undefined {
  if (input.trim() === '') return `${what} is required`;
  if (WHITESPACE.test(input)) return `${what} name must not contain spaces`;
  if (CONTROL.test(input)) return `${what} name must not contain control characters`;
  return undefined;
}

/** The `:` that starts a tag is the first one after the last `/`; earlier ones are ports. */
function tagSeparatorIndex(name: string): number {
  return name.indexOf(':', name.lastIndexOf('/') + 1);
}

/** A name without tag or digest: `[host[:port]/]component[/component…]`. */
function checkName(name: string): string | undefined {
  if (name.length > NAME_MAX_LENGTH) return `repository name must not be more than ${NAME_MAX_LENGTH} characters`;
  const slash = name.indexOf('/');
  const first = slash === -1 ? name : name.slice(0, slash);
  let domain: string | undefined;
  let path = name;
  if (slash !== -1 && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    const domainMessage = checkDomain(first);
    if (domainMessage !== undefined) return domainMessage;
    domain = first;
    path = name.slice(slash + 1);
  }
  // Go would take an uppercase first component ("MyUser/app") as a registry host and then
  // fail to resolve it; a typo in the user name is far likelier, so say so.
  for (const component of path.split('/')) {
    if (component === '') return "repository name has an empty part (a doubled, leading or trailing '/')";
    if (/[A-Z]/.test(component)) return 'repository name must be lowercase';
    if (!PATH_COMPONENT.test(component)) {
      const bad = /[^a-z0-9._-]/.exec(component);
      if (bad) return `repository name must not contain "${bad[0]}" (use lowercase letters, digits, '.', '_', '-')`;
      return `"${shorten(component)}" is not a valid repository name: separators ('.', '_', '__', '-') must sit between letters or digits`;
    }
  }
  // The limit applies to the normalised name, as in Go: "docker.io/library/" counts.
  const hub = domain === undefined || domain === DEFAULT_DOMAIN || domain === LEGACY_DEFAULT_DOMAIN;
  const qualified = hub ? `${DEFAULT_DOMAIN}/${path.includes('/') ? '' : OFFICIAL_PREFIX}${path}` : name;
  if (qualified.length > NAME_MAX_LENGTH) {
    const implied = qualified.slice(0, qualified.length - path.length);
    return `repository name must not be more than ${NAME_MAX_LENGTH} characters, counting "${implied}"`;
  }
  return undefined;
}

function checkDomain(domain: string): string | undefined {
  const colon = domain.indexOf(':');
  const host = colon === -1 ? domain : domain.slice(0, colon);
  if (host.startsWith('[')) return 'IPv6 registry addresses are not supported; use a host name';
  if (colon !== -1 && !PORT.test(domain.slice(colon + 1))) return `registry port in "${domain}" must be a number`;
  if (!host.split('.').every((label) => DOMAIN_LABEL.test(label))) {
    return `"${host}" is not a valid registry host name`;
  }
  return undefined;
}

function checkTag(tag: string): string | undefined {
  if (tag === '') return 'tag is empty';
  if (CONTROL.test(tag)) return 'tag must not contain control characters';
  if (tag.length > 128) return 'tag must not be more than 128 characters';
  if (TAG.test(tag)) return undefined;
  if (/^[.-]/.test(tag)) return `tag "${shorten(tag)}" must start with a letter, digit or '_'`;
  return `tag "${shorten(tag)}" may only contain letters, digits, '_', '.' and '-'`;
}

function checkDigest(digest: string): string | undefined {
  const colon = digest.indexOf(':');
  if (colon === -1) return `digest "${shorten(digest)}" must look like sha256:<64 hex digits>`;
  const algorithm = digest.slice(0, colon);
  const hex = digest.slice(colon + 1);
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (length === undefined) return `unsupported digest algorithm "${shorten(algorithm)}" (use sha256, sha384 or sha512)`;
  if (!HEX.test(hex)) return `${algorithm} digest must be lowercase hex digits`;
  if (hex.length !== length) return `${algorithm} digest must be ${length} hex digits, not ${hex.length}`;
  return undefined;
}

/** Go's FamiliarString: Docker Hub's domain and its "library/" prefix are implied. */
function familiarString(domain: string, path: string, tag: string | undefined, digest: string | undefined): string {
  let name = `${domain}/${path}`;
  if (domain === DEFAULT_DOMAIN) {
    name = path;
    const official = path.slice(OFFICIAL_PREFIX.length);
    if (path.startsWith(OFFICIAL_PREFIX) && !official.includes('/')) name = official;
  }
  if (tag !== undefined) name += `:${tag}`;
  if (digest !== undefined) name += `@${digest}`;
  return name;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
