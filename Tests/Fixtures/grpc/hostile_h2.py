"""Ferry's own: an HTTP/2 server (the h2 package from PyPI) that answers gRPC calls badly, for
GRPCHostileTests. Prints its port, then serves until killed. The method's name chooses:
  NoTrailers  a message, then the stream ends without grpc-status
  BadFrame    a frame whose flag byte is 7
  Huge        a frame announcing 4 GB, then nothing more
  Hang        the head, then nothing (only a deadline ends the call)
  Connection  status OK, with the connection's number (from 1, in accepting order) as trailer x-connection
  Http1       (any path on --http1) an HTTP/1.1 server answering 400 to the HTTP/2 preface
--port N listens on port N (SO_REUSEADDR), else on a free one.
"""
import socket, sys, threading
import h2.config, h2.connection, h2.events

def answer(conn, sock, stream, path, number):
    name = path.rsplit("/", 1)[-1]
    conn.send_headers(stream, [(":status", "200"), ("content-type", "application/grpc")])
    if name == "Connection":
        conn.send_headers(stream, [("grpc-status", "0"), ("x-connection", str(number))], end_stream=True)
    if name == "NoTrailers":
        conn.send_data(stream, bytes([0, 0, 0, 0, 2, 10, 0]), end_stream=True)
    elif name == "BadFrame":
        conn.send_data(stream, bytes([7, 0, 0, 0, 1, 0]))
    elif name == "Huge":
        conn.send_data(stream, bytes([0, 255, 255, 255, 255]))
    sock.sendall(conn.data_to_send())

def serve(sock, number):
    conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False))
    conn.initiate_connection()
    sock.sendall(conn.data_to_send())
    paths = {}
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return
            for event in conn.receive_data(data):
                if isinstance(event, h2.events.RequestReceived):
                    paths[event.stream_id] = dict((k.decode() if isinstance(k, bytes) else k, v) for k, v in event.headers)[":path"]
                elif isinstance(event, h2.events.StreamEnded):
                    p = paths[event.stream_id]
                    answer(conn, sock, event.stream_id, p.decode() if isinstance(p, bytes) else p, number)
                elif isinstance(event, h2.events.DataReceived):
                    conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            sock.sendall(conn.data_to_send())
    except (OSError, h2.exceptions.ProtocolError):
        pass

def serve_http1(sock):
    sock.recv(65536)
    sock.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 11\r\nConnection: close\r\n\r\nBad Request")
    sock.close()

listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)
handler = serve_http1 if "--http1" in sys.argv else serve
accepted = 0
while True:
    client, _ = listener.accept()
    accepted += 1
    threading.Thread(target=handler, args=(client,) if handler is serve_http1 else (client, accepted), daemon=True).start()
