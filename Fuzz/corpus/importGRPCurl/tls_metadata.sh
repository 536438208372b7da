grpcurl -H 'authorization: Bearer $TOKEN' -H "x-request-id: 7" -cacert ca.pem -max-time 2.5 \
  -d '{"latitude": 407838351, "longitude": -746143763}' grpc.example.com:443 routeguide.RouteGuide.GetFeature
