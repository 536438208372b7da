$ grpcurl -plaintext -protoset route_guide.protoset -d '{"message": "a"} {"message": "b"}{"message":"c \"}{"}' -v -format json localhost:50051 routeguide.RouteGuide/RouteChat
grpcurl --insecure -connect-timeout=3 -d='{}' [::1]:8443 /helloworld.Greeter/SayHello
