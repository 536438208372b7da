grpcurl -plaintext -d '{"a": [1, {"b": 2}' localhost:1 a.B/C
