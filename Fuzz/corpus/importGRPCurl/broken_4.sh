grpcurl -d '[1]' -max-time x localhost:1 a.B/C extra
