grpcurl -plaintext -d @ 127.0.0.1:50051 routeguide.RouteGuide/RecordRoute <<EOM
{"latitude": 1}
{"latitude": 2, "longitude": 3}
EOM
