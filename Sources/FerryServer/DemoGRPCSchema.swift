import FerryGRPC

/// The `.proto` files of the demo server's gRPC face, compiled by Ferry's own `.proto` reader when
/// first needed: the demo service, the part of googleapis' `google/rpc` files its error details
/// use, and server reflection (v1 and v1alpha share their messages).
enum DemoGRPCSchema {
    static let demo = """
        syntax = "proto3";
        package ferry.demo;

        // The demo server's gRPC service, served as gRPC-Web (binary and text) over HTTP/1.1: a
        // method of each call kind, errors with details, deadlines, large and slow streams.
        service Demo {
          // Unary: a greeting.
          rpc Hello(HelloRequest) returns (HelloReply);
          // Server streaming: `count` ticks (0: until the call ends), `interval_ms` apart, each with
          // `size` bytes of padding (at most 1 MiB).
          rpc Ticks(TicksRequest) returns (stream Tick);
          // Client streaming: the sum of the numbers sent.
          rpc Sum(stream Number) returns (Total);
          // Bidirectional streaming: each note answered.
          rpc Chat(stream Note) returns (stream Note);
          // Fails with `code` (INVALID_ARGUMENT when 0) and `message`, a google.rpc.BadRequest in its details.
          rpc Fail(FailRequest) returns (HelloReply);
          // Answers after `seconds` (at most 60), or DEADLINE_EXCEEDED when the call's deadline comes first.
          rpc Sleep(SleepRequest) returns (HelloReply);
        }

        message HelloRequest { string name = 1; }
        message HelloReply { string message = 1; }
        message TicksRequest {
          int32 count = 1;
          int32 interval_ms = 2;
          int32 size = 3;
        }
        message Tick {
          int32 n = 1;
          string padding = 2;
        }
        message Number { int64 value = 1; }
        message Total {
          int64 sum = 1;
          int32 count = 2;
        }
        message Note { string text = 1; }
        message FailRequest {
          int32 code = 1;
          string message = 2;
        }
        message SleepRequest { double seconds = 1; }
        """

    static let status = """
        syntax = "proto3";
        package google.rpc;
        import "google/protobuf/any.proto";
        // googleapis' google.rpc.Status.
        message Status {
          int32 code = 1;
          string message = 2;
          repeated google.protobuf.Any details = 3;
        }
        """

    static let errorDetails = """
        syntax = "proto3";
        package google.rpc;
        // The one message of googleapis' error_details.proto the demo sends.
        message BadRequest {
          message FieldViolation {
            string field = 1;
            string description = 2;
          }
          repeated FieldViolation field_violations = 1;
        }
        """

    /// grpc/grpc's reflection.proto, without the extension questions the demo does not answer.
    static func reflection(_ package: String) -> String {
        """
        syntax = "proto3";
        package \(package);
        service ServerReflection {
          rpc ServerReflectionInfo(stream ServerReflectionRequest) returns (stream ServerReflectionResponse);
        }
        message ServerReflectionRequest {
          string host = 1;
          oneof message_request {
            string file_by_filename = 3;
            string file_containing_symbol = 4;
            string list_services = 7;
          }
        }
        message ServerReflectionResponse {
          string valid_host = 1;
          ServerReflectionRequest original_request = 2;
          oneof message_response {
            FileDescriptorResponse file_descriptor_response = 4;
            ListServiceResponse list_services_response = 6;
            ErrorResponse error_response = 7;
          }
        }
        message FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
        message ListServiceResponse { repeated ServiceResponse service = 1; }
        message ServiceResponse { string name = 1; }
        message ErrorResponse {
          int32 error_code = 1;
          string error_message = 2;
        }
        """
    }

    /// The files by name.
    static let files: [String: String] = [
        "ferry/demo/demo.proto": demo, "google/rpc/status.proto": status, "google/rpc/error_details.proto": errorDetails,
        "grpc/reflection/v1/reflection.proto": reflection("grpc.reflection.v1"),
        "grpc/reflection/v1alpha/reflection.proto": reflection("grpc.reflection.v1alpha"),
    ]

    /// The compiled schema (nil only if the texts above do not compile, which the tests would show).
    static let pool: DescriptorPool? = {
        let compiler = ProtoCompiler(importPaths: ["demo"]) { path in
            guard path.hasPrefix("demo/"), let text = files[String(path.dropFirst(5))] else { return .missing }
            return .bytes(Array(text.utf8))
        }
        return try? compiler.pool(files.keys.sorted().map { "demo/" + $0 })
    }()
}
