/**
 * `node:http2` as berth's bundle gives it to undici (test/tools/bundle-plugins.ts): loaded on the
 * first `connect`, not as undici loads. undici's HTTP/2 client requires `node:http2` at its top
 * for a few constants, and Node's http2 brings tls and OpenSSL's set-up with it: ~2–3 MB of
 * resident memory in every berth (bench B5s), for a protocol the engine API never speaks (undici
 * uses HTTP/2 only when asked to, with `allowH2`, which berth never is).
 *
 * The constants are the header names and error codes undici reads at load, with the values RFC
 * 9113 and nghttp2 give them; test/engine/http2-on-demand.test.ts holds them to `node:http2`'s
 * own, and holds undici to using nothing else of the module.
 */
import type * as Http2 from 'node:http2';

export const constants = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_NO_ERROR: 0,
  NGHTTP2_PROTOCOL_ERROR: 1,
  NGHTTP2_REFUSED_STREAM: 7,
} as const;

export function connect(...args: Parameters<typeof Http2.connect>): Http2.ClientHttp2Session {
  return process.getBuiltinModule('node:http2').connect(...args);
}
