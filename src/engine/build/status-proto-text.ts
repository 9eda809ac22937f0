/**
 * The text of buildkit-status.proto beside this file, as the bundle carries it (it holds no files
 * of its own): test/engine/build/buildkit-trace.test.ts fails when the two differ.
 */
export const STATUS_PROTO = `// The messages of BuildKit's build progress, as dockerd streams them in a build's
// "moby.buildkit.trace" aux lines (each a base64 StatusResponse).
//
// From github.com/moby/buildkit api/services/control/control.proto at commit
// 73ed6825c4b7569379ef89df0aedcdbe64473d31, trimmed to StatusResponse and the messages it holds.
// Left out, so that ops.proto and policy.proto need not come along: Vertex.progressGroup (8),
// VertexWarning.info (6) and VertexWarning.ranges (7). A decoder skips fields it does not know,
// so those arrive and are ignored. Field numbers and names are the original's.
syntax = "proto3";

package moby.buildkit.v1;

import "google/protobuf/timestamp.proto";

message StatusResponse {
	repeated Vertex vertexes = 1;
	repeated VertexStatus statuses = 2;
	repeated VertexLog logs = 3;
	repeated VertexWarning warnings = 4;
}

message Vertex {
	string digest = 1;
	repeated string inputs = 2;
	string name = 3;
	bool cached = 4;
	google.protobuf.Timestamp started = 5;
	google.protobuf.Timestamp completed = 6;
	string error = 7; // typed errors?
}

message VertexStatus {
	string ID = 1;
	string vertex = 2;
	string name = 3;
	int64 current = 4;
	int64 total = 5;
	google.protobuf.Timestamp timestamp = 6;
	google.protobuf.Timestamp started = 7;
	google.protobuf.Timestamp completed = 8;
}

message VertexLog {
	string vertex = 1;
	google.protobuf.Timestamp timestamp = 2;
	int64 stream = 3;
	bytes msg = 4;
}

message VertexWarning {
	string vertex = 1;
	int64 level = 2;
	bytes short = 3;
	repeated bytes detail = 4;
	string url = 5;
}
`;
