"""A gRPC server nobody here wrote (grpcio, grpcio-reflection, grpcio-status from PyPI) serving the
helloworld and route_guide examples of grpc/grpc, for Ferry's gRPC tests (GRPCSendTests).

    python3 server.py STUBS_DIR [--tls CERT KEY] [--reflection v1alpha|none] [--compression gzip|deflate] [--kinds]

Generates the stubs into STUBS_DIR with grpcio-tools, prints the port, then serves until killed.
Greeter.SayHello answers "Hello NAME"; its metadata `x-echo` comes back as a header and `x-trailer`
as a trailer. A name `status:CODE` fails with that code and rich details (google.rpc.Status with a
BadRequest), `sleep:SECONDS` sleeps first (deadlines). RouteGuide serves FEATURES below; ListFeatures with the
metadata `x-repeat: N` streams them cycled N times (0: until the call ends), `x-interval` seconds apart.
With --kinds, ferry.kinds.KindsEcho/Echo (kinds_service.proto, Ferry's own) answers its Kinds message back.
"""
import os, sys, time
from concurrent import futures

here = os.path.dirname(os.path.abspath(__file__))
stubs = sys.argv[1]
from grpc_tools import protoc
import grpc_tools
include = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
kinds = "--kinds" in sys.argv
for proto in ("helloworld.proto", "route_guide.proto") + (("kinds.proto", "kinds_service.proto") if kinds else ()):
    if protoc.main(["protoc", "-I" + here, "-I" + include, "--python_out=" + stubs, "--grpc_python_out=" + stubs, proto]) != 0:
        sys.exit("protoc failed on " + proto)
sys.path.insert(0, stubs)

import grpc
from grpc_reflection.v1alpha import reflection
from grpc_status import rpc_status
from google.rpc import status_pb2, error_details_pb2
from google.protobuf import any_pb2
import helloworld_pb2, helloworld_pb2_grpc, route_guide_pb2, route_guide_pb2_grpc

FEATURES = [
    ("Patriots Path, Mendham, NJ 07945, USA", 407838351, -746143763),
    ("101 New Jersey 10, Whippany, NJ 07981, USA", 408122808, -743999179),
    ("U.S. 6, Shohola, PA 18458, USA", 413628156, -749015468),
    ("", 419999544, -740371136),
]


class Greeter(helloworld_pb2_grpc.GreeterServicer):
    def SayHello(self, request, context):
        metadata = dict(context.invocation_metadata())
        if "x-echo" in metadata:
            context.send_initial_metadata((("x-echo", metadata["x-echo"]),))
        if "x-trailer" in metadata:
            context.set_trailing_metadata((("x-trailer", metadata["x-trailer"]),))
        name = request.name
        if name.startswith("sleep:"):
            time.sleep(float(name[6:]))
        if name.startswith("status:"):
            code = int(name[7:])
            detail = any_pb2.Any()
            detail.Pack(error_details_pb2.BadRequest(field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field="name", description="not a name")]))
            context.abort_with_status(rpc_status.to_status(status_pb2.Status(code=code, message="failed on purpose", details=[detail])))
        return helloworld_pb2.HelloReply(message="Hello " + name)

    def SayHelloAgain(self, request, context):
        return helloworld_pb2.HelloReply(message="Hello again " + request.name)


class RouteGuide(route_guide_pb2_grpc.RouteGuideServicer):
    def GetFeature(self, point, context):
        for name, lat, lon in FEATURES:
            if lat == point.latitude and lon == point.longitude:
                return route_guide_pb2.Feature(name=name, location=point)
        return route_guide_pb2.Feature(name="", location=point)

    def ListFeatures(self, rectangle, context):
        metadata = dict(context.invocation_metadata())
        if "x-repeat" in metadata:
            # A long stream: the features cycled x-repeat times (0: until the call ends), x-interval seconds apart.
            count, interval = int(metadata["x-repeat"]), float(metadata.get("x-interval", "0"))
            index = 0
            while (count == 0 or index < count) and context.is_active():
                name, lat, lon = FEATURES[index % len(FEATURES)]
                yield route_guide_pb2.Feature(name=name, location=route_guide_pb2.Point(latitude=lat, longitude=index))
                index += 1
                if interval:
                    time.sleep(interval)
            return
        lo, hi = rectangle.lo, rectangle.hi
        for name, lat, lon in FEATURES:
            if min(lo.latitude, hi.latitude) <= lat <= max(lo.latitude, hi.latitude) and \
               min(lo.longitude, hi.longitude) <= lon <= max(lo.longitude, hi.longitude):
                yield route_guide_pb2.Feature(name=name, location=route_guide_pb2.Point(latitude=lat, longitude=lon))

    def RecordRoute(self, points, context):
        count = 0
        for _ in points:
            count += 1
        return route_guide_pb2.RouteSummary(point_count=count, elapsed_time=1)

    def RouteChat(self, notes, context):
        for note in notes:
            yield route_guide_pb2.RouteNote(location=note.location, message="echo " + note.message)


# --compression gzip|deflate: every answer compressed (when the client accepts it).
compression = {"gzip": grpc.Compression.Gzip, "deflate": grpc.Compression.Deflate}.get(
    sys.argv[sys.argv.index("--compression") + 1]) if "--compression" in sys.argv else None
server = grpc.server(futures.ThreadPoolExecutor(max_workers=8), compression=compression)
helloworld_pb2_grpc.add_GreeterServicer_to_server(Greeter(), server)
route_guide_pb2_grpc.add_RouteGuideServicer_to_server(RouteGuide(), server)
services = [helloworld_pb2.DESCRIPTOR.services_by_name["Greeter"].full_name,
            route_guide_pb2.DESCRIPTOR.services_by_name["RouteGuide"].full_name]
if kinds:
    import kinds_service_pb2, kinds_service_pb2_grpc

    class KindsEcho(kinds_service_pb2_grpc.KindsEchoServicer):
        def Echo(self, request, context):
            return request

    kinds_service_pb2_grpc.add_KindsEchoServicer_to_server(KindsEcho(), server)
    services.append(kinds_service_pb2.DESCRIPTOR.services_by_name["KindsEcho"].full_name)
reflection_mode = sys.argv[sys.argv.index("--reflection") + 1] if "--reflection" in sys.argv else "both"
if reflection_mode != "none":
    names = services + [reflection.SERVICE_NAME]
    if reflection_mode == "both":
        # grpcio-reflection serves v1alpha only; v1 has the same messages under another name.
        from grpc_reflection.v1alpha import reflection_pb2
        names.append("grpc.reflection.v1.ServerReflection")
        servicer = reflection.ReflectionServicer(names)
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("grpc.reflection.v1.ServerReflection", {
            "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
                servicer.ServerReflectionInfo,
                request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
                response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString)}),))
    reflection.enable_server_reflection(names, server)
if "--tls" in sys.argv:
    index = sys.argv.index("--tls")
    with open(sys.argv[index + 1], "rb") as cert, open(sys.argv[index + 2], "rb") as key:
        credentials = grpc.ssl_server_credentials(((key.read(), cert.read()),))
    port = server.add_secure_port("127.0.0.1:0", credentials)
else:
    port = server.add_insecure_port("127.0.0.1:0")
server.start()
print(port, flush=True)
server.wait_for_termination()
