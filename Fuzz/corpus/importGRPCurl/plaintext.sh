grpcurl -plaintext -d '{"name": "world"}' localhost:50051 helloworld.Greeter/SayHello
