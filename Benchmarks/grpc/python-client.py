"""grpcio's synchronous client, the reference of Benchmarks/grpc/run: COUNT unary calls of
helloworld.Greeter/SayHello on one channel, one after another; prints seconds.

    python3 python-client.py STUBS_DIR PORT COUNT [--tls CERT]
"""
import sys, time
sys.path.insert(0, sys.argv[1])
import grpc
import helloworld_pb2, helloworld_pb2_grpc

port, count = int(sys.argv[2]), int(sys.argv[3])
if "--tls" in sys.argv:
    with open(sys.argv[sys.argv.index("--tls") + 1], "rb") as cert:
        channel = grpc.secure_channel("localhost:%d" % port, grpc.ssl_channel_credentials(cert.read()))
else:
    channel = grpc.insecure_channel("127.0.0.1:%d" % port)
stub = helloworld_pb2_grpc.GreeterStub(channel)
stub.SayHello(helloworld_pb2.HelloRequest(name="warm-up"))
started = time.perf_counter()
for index in range(count):
    stub.SayHello(helloworld_pb2.HelloRequest(name="call %d" % index))
print("%.4f" % (time.perf_counter() - started))
