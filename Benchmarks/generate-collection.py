#!/usr/bin/env python3
"""Writes a collection of N request files (default 2000) in 20 folders, mixing every body kind, for
Benchmarks/collection-load.   generate-collection.py DIR [N]"""
import os, sys

root, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2000
bodies = [
    "",
    "body:\n  json:\n    name: Ferry\n    id: \"{{$uuid}}\"\n    tags: [tui, http]\n    nested:\n      depth: 2\n      list: [1, 2, 3]\n",
    "body:\n  form:\n    user: \"{{user}}\"\n    remember: true\n",
    "body:\n  raw: |\n    line one\n    line two\n  contentType: text/plain\n",
    "body:\n  multipart:\n    - name: title\n      value: A picture\n    - name: photo\n      file: files/photo.png\n      contentType: image/png\n",
]
os.makedirs(os.path.join(root, "environments"), exist_ok=True)
with open(os.path.join(root, "environments", "bench.yaml"), "w") as f:
    f.write("baseURL: http://127.0.0.1:8080\nuser: ann\n")
for i in range(count):
    folder = os.path.join(root, f"folder{i % 20:02d}", f"sub{i % 3}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"request{i:04d}.ferry.yaml"), "w") as f:
        f.write(f"name: Request {i}\ndescription: Generated request number {i}.\n")
        f.write(f"method: {'POST' if i % 5 else 'GET'}\nurl: \"{{{{baseURL}}}}/anything/{i}\"\n")
        f.write(f"params:\n  page: {i % 7}\n  q: item {i}\n")
        f.write("headers:\n  - Accept: application/json\n  - name: X-Debug\n    value: \"1\"\n    enabled: false\n")
        f.write(bodies[i % len(bodies)])
        f.write("options:\n  timeout: 30\nvalidation:\n  status: 200-299\n")
