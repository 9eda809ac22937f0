// Terminal safety for every engine-supplied string before it is displayed.
//
// Container names, labels, image tags, error messages and above all log lines are attacker-controlled:
// a container that prints `\x1b]0;owned\x07\x1b[2J` must not retitle the window or clear the screen,
// and a `\r` or `\b` must not let later text overwrite what came before it. Ink writes text verbatim,
// so this module is the only thing standing between the engine and the user's terminal.
//
// What is removed or replaced (a single linear pass; never a backtracking regex, since one log flood
// can push megabytes through here):
// - Complete escape sequences: CSI (`ESC [` / 0x9b), OSC (`ESC ]` / 0x9d), the string controls DCS, SOS,
//   PM and APC (`ESC P X ^ _` / 0x90 0x98 0x9e 0x9f), and every other `ESC [intermediates] final` form,
//   whether the ESC-form or the 8-bit C1 form introduced it.
// - Unterminated sequences, up to the end of the input. A string control (OSC, DCS, …) also ends at a
//   line feed: we never emit the sequence anyway, so ending it early can only reveal text, never let
//   anything through, and one stray `ESC ]` then cannot swallow the rest of a multi-line document.
// - All remaining C0 controls (0x00–0x1f), DEL (0x7f) and C1 controls (0x80–0x9f). `\r` and `\b` are
//   dropped rather than honoured, so `safe\rEVIL` reads `safeEVIL`: nothing can hide what precedes it.
// - Bidirectional formatting controls — embeddings/overrides U+202A–U+202E, isolates U+2066–U+2069 —
//   and the invisible marks U+200E LRM, U+200F RLM and U+061C ALM. The marks are removed too: they
//   have no glyph, so dropping them costs nothing visible, and in a bidi-aware terminal they can still
//   reorder neighbouring text ("Trojan Source", CVE-2021-42574, lists them alongside the overrides).
// - U+2028/U+2029 (line/paragraph separator) are treated like `\n` (see below): terminals disagree on
//   their width, and a cell whose measured width is wrong misaligns the whole table row.
// - Lone UTF-16 surrogates (possible via JSON `\ud800` escapes) become U+FFFD, which is what the UTF-8
//   encoder would print anyway; replacing them here keeps width measurement in step with the terminal.
//   Those of U+DC80–U+DCFF are how berth keeps a file name's bytes that are not UTF-8
//   (engine/path-bytes.ts): they show as the byte, `\xff`, so the name reads as the file's own.
//
// Line breaks and tabs: `sanitizeLine` turns `\n` and `\t` into a single space (a table cell or status
// line must stay on one row); `sanitizeText` keeps `\n` and expands `\t` to four spaces (a fixed width
// rather than tab stops: tab stops would need display-width bookkeeping, and four spaces is enough to
// keep indented help or JSON readable).
//
// Both then take emoji sequences and Indic conjuncts apart (emoji-forms.ts, conjunct-forms.ts):
// terminals disagree on their widths, and a line one cell wider than berth measured wraps and
// scrolls the whole frame.

import { LINKER, plainConjuncts } from './conjunct-forms.ts';
import { plainEmoji, SEQUENCE_PART } from './emoji-forms.ts';

const ESC = 0x1b;
const BEL = 0x07;
const LF = 0x0a;
const TAB = 0x09;

// Quick-path detectors: one regex test per string, so clean log lines (the overwhelming majority) are
// returned as-is without allocating. Each alternative is a single character class or a one-character
// lookaround, so the scan is linear. The text variant does not flag `\n`, which it keeps. Both flag
// the parts of emoji sequences and the viramas that join conjuncts too, so that text with none is
// scanned once.
const UNSAFE_LINE = withSequenceParts(
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
);
const UNSAFE_TEXT = withSequenceParts(
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
);

function withSequenceParts(unsafe: RegExp): RegExp {
  return new RegExp(`${unsafe.source}|${SEQUENCE_PART.source}|${LINKER.source}`);
}

/** Sanitizes text for a single-line cell: no escapes, no controls, no line breaks (each becomes a space), emoji sequences and conjuncts taken apart. */
export function sanitizeLine(text: string): string {
  if (!UNSAFE_LINE.test(text)) return text;
  return plainClusters(scrub(text, false));
}

/** Sanitizes multi-line text (pretty JSON, help): like `sanitizeLine` but keeps `\n` and expands `\t` to 4 spaces. */
export function sanitizeText(text: string): string {
  if (!UNSAFE_TEXT.test(text)) return text;
  return plainClusters(scrub(text, true));
}

/** Emoji sequences and Indic conjuncts taken apart: what sanitizing does to text that is already clean. */
export function plainClusters(text: string): string {
  return plainConjuncts(plainEmoji(text));
}

function isBidiControl(c: number): boolean {
  return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x200e || c === 0x200f || c === 0x061c;
}

// Code units that stop the copy-through loop in `scrub`. Printable text is copied in runs via slice.
function isSpecial(c: number): boolean {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || c === 0x2028 || c === 0x2029 || isBidiControl(c);
}

// The slow path: a hand-written scanner so every code unit is visited a bounded number of times, no matter
// how the input nests or truncates sequences (a 1 MB run of `ESC [` is as linear as a 1 MB run of `a`).
function scrub(s: string, multiline: boolean): string {
  const n = s.length;
  const lineBreak = multiline ? '\n' : ' ';
  let out = '';
  let runStart = 0;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (!isSpecial(c)) {
      i++;
      continue;
    }
    if (c <= 0xdbff && c >= 0xd800 && i + 1 < n) {
      // A high surrogate followed by a low one is an ordinary astral character: part of the run.
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i += 2;
        continue;
      }
    }
    if (runStart < i) out += s.slice(runStart, i);

    if (c >= 0xdc80 && c <= 0xdcff) {
      // A path's byte that is not UTF-8, as engine/path-bytes.ts keeps it: shown as the byte.
      out += `\\x${(c - 0xdc00).toString(16).padStart(2, '0')}`;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += '\ufffd';
      i++;
    } else if (c === LF || c === 0x2028 || c === 0x2029) {
      out += lineBreak;
      i++;
    } else if (c === TAB) {
      out += multiline ? '    ' : ' ';
      i++;
    } else if (c === ESC) {
      i = skipEscape(s, i + 1);
    } else if (c === 0x9b) {
      i = skipCsi(s, i + 1);
    } else if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) {
      i = skipString(s, i + 1);
    } else {
      // Every other C0/C1 control (including \r, \b, BEL, a stray ST) and the bidi controls: drop.
      i++;
    }
    runStart = i;
  }
  if (runStart === 0) return s; // nothing needed changing (the quick path is conservative)
  if (runStart < n) out += s.slice(runStart);
  return out;
}

// `i` points just past ESC. Returns the index where normal scanning resumes.
function skipEscape(s: string, i: number): number {
  if (i >= s.length) return i;
  const c = s.charCodeAt(i);
  switch (c) {
    case 0x5b: // [
      return skipCsi(s, i + 1);
    case 0x5d: // ]
    case 0x50: // P
    case 0x58: // X
    case 0x5e: // ^
    case 0x5f: // _
      return skipString(s, i + 1);
  }
  // nF / Fp / Fe / Fs: ESC, any intermediates (0x20–0x2f), one final (0x30–0x7e), e.g. `ESC ( B`, `ESC c`.
  while (i < s.length && isIntermediate(s.charCodeAt(i))) i++;
  if (i < s.length && isEscFinal(s.charCodeAt(i))) return i + 1;
  // Malformed (or cut off): drop what was consumed and let the scanner judge the next code unit afresh.
  return i;
}

// `i` points just past the CSI introducer. ECMA-48: parameters 0x30–0x3f, intermediates 0x20–0x2f, final 0x40–0x7e.
// Parameter and intermediate bytes are accepted in any order: being lenient only widens what we drop
// from a sequence that was never going to be printed.
function skipCsi(s: string, i: number): number {
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x3f) {
      i++;
      continue;
    }
    if (c >= 0x40 && c <= 0x7e) return i + 1;
    // Anything else aborts the sequence; it is re-examined by the main loop (a control gets dropped,
    // a printable character shown) so no visible text disappears along with the broken sequence.
    return i;
  }
  return n;
}

// `i` points just past an OSC/DCS/SOS/PM/APC introducer. The payload runs to BEL, ST (`ESC \` or 0x9c),
// a line feed, or the end of input. An ESC that does not form ST ends the string and starts a new
// sequence, which is what xterm does.
function skipString(s: string, i: number): number {
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === BEL || c === 0x9c) return i + 1;
    if (c === LF) return i;
    if (c === ESC) return i + 1 < n && s.charCodeAt(i + 1) === 0x5c ? i + 2 : i;
    i++;
  }
  return n;
}

function isIntermediate(c: number): boolean {
  return c >= 0x20 && c <= 0x2f;
}

function isEscFinal(c: number): boolean {
  return c >= 0x30 && c <= 0x7e;
}
