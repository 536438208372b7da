grpcurl -nope localhost:1 a.B/C
