grpcurl -plaintext localhost:1 list
