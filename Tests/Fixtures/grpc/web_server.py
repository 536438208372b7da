"""A gRPC-Web server nobody here wrote (sonora's ASGI application, from PyPI, served by hypercorn over
HTTP/1.1 and clear-text HTTP/2), serving the helloworld and route_guide examples of grpc/grpc for
Ferry's gRPC-Web tests (GRPCWebTests).

    python3 web_server.py STUBS_DIR [--hostile] [--tls CERT KEY]

Generates the stubs into STUBS_DIR with grpcio-tools, prints the port, then serves until killed.
Greeter.SayHello answers "Hello NAME"; a name `status:CODE` fails with that code and the message
"failed on purpose". RouteGuide.ListFeatures streams the features in a rectangle. With --hostile,
every call is answered badly instead: x.Y/NoTrailerFrame sends a message and no trailer frame,
x.Y/BadBase64 a text answer that is not base64, x.Y/BadTrailer a trailer frame that is not
`name: value` lines. With --tls it serves over TLS, offering h2 and http/1.1 by ALPN.
"""
import asyncio, os, socket, struct, sys

from hypercorn.asyncio import serve
from hypercorn.config import Config

here = os.path.dirname(os.path.abspath(__file__))
stubs = sys.argv[1]


async def hostile(scope, receive, send):
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    path = scope["path"]
    frame = struct.pack(">BI", 0, 2) + b"\x0a\x00"
    if path.endswith("/BadBase64"):
        headers, body = [(b"content-type", b"application/grpc-web-text")], b"AAAA!!!!"
    elif path.endswith("/BadTrailer"):
        headers, body = [(b"content-type", b"application/grpc-web+proto")], frame + struct.pack(">BI", 0x80, 5) + b"nope\n"
    else:
        headers, body = [(b"content-type", b"application/grpc-web+proto")], frame
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


def application():
    from grpc_tools import protoc
    import grpc_tools
    include = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
    for proto in ("helloworld.proto", "route_guide.proto"):
        if protoc.main(["protoc", "-I" + here, "-I" + include, "--python_out=" + stubs, "--grpc_python_out=" + stubs, proto]) != 0:
            sys.exit("protoc failed on " + proto)
    sys.path.insert(0, stubs)
    import grpc
    from sonora.asgi import grpcASGI
    import helloworld_pb2, helloworld_pb2_grpc, route_guide_pb2, route_guide_pb2_grpc

    features = [("Patriots Path, Mendham, NJ 07945, USA", 407838351, -746143763),
                ("101 New Jersey 10, Whippany, NJ 07981, USA", 408122808, -743999179)]

    class Greeter(helloworld_pb2_grpc.GreeterServicer):
        async def SayHello(self, request, context):
            if request.name.startswith("status:"):
                code = int(request.name[7:])
                await context.abort(next(c for c in grpc.StatusCode if c.value[0] == code), "failed on purpose")
            return helloworld_pb2.HelloReply(message="Hello " + request.name)

    class RouteGuide(route_guide_pb2_grpc.RouteGuideServicer):
        async def ListFeatures(self, rectangle, context):
            lo, hi = rectangle.lo, rectangle.hi
            for name, lat, lon in features:
                if min(lo.latitude, hi.latitude) <= lat <= max(lo.latitude, hi.latitude) and \
                   min(lo.longitude, hi.longitude) <= lon <= max(lo.longitude, hi.longitude):
                    yield route_guide_pb2.Feature(name=name, location=route_guide_pb2.Point(latitude=lat, longitude=lon))

    app = grpcASGI()
    helloworld_pb2_grpc.add_GreeterServicer_to_server(Greeter(), app)
    route_guide_pb2_grpc.add_RouteGuideServicer_to_server(RouteGuide(), app)
    return app


served = hostile if "--hostile" in sys.argv else application()


async def app(scope, receive, send):
    if scope["type"] == "lifespan":  # sonora has no lifespan handler: say the start and stop went well
        while True:
            message = await receive()
            await send({"type": message["type"] + ".complete"})
            if message["type"] == "lifespan.shutdown":
                return
    await served(scope, receive, send)

listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
config = Config()
config.bind = ["fd://%d" % listener.fileno()]
config.loglevel = "WARNING"
if "--tls" in sys.argv:
    config.certfile, config.keyfile = sys.argv[sys.argv.index("--tls") + 1:sys.argv.index("--tls") + 3]
print(listener.getsockname()[1], flush=True)
asyncio.run(serve(app, config))
