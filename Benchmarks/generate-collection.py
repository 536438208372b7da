#!/usr/bin/env python3
"""Writes a collection of N request files (default 2000) in 20 folders, mixing every body kind, for
Benchmarks/collection-load. The output folder must be new or empty, and its name may not start with '-'."""
import argparse, os, sys

def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", help="where to write the collection (new or empty)")
    parser.add_argument("count", nargs="?", type=int, default=2000, help="how many request files (default 2000)")
    arguments = parser.parse_args()
    name = os.path.basename(os.path.normpath(arguments.folder))
    if name.startswith("-"):
        parser.error(f"refusing the folder {arguments.folder!r}: a name starting with '-' is a flag taken as a path")
    if os.path.exists(arguments.folder) and (not os.path.isdir(arguments.folder) or os.listdir(arguments.folder)):
        parser.error(f"refusing the folder {arguments.folder!r}: it exists and is not an empty folder")
    if arguments.count < 1:
        parser.error("count must be 1 or more")
    return arguments.folder, arguments.count

root, count = parse_arguments()
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
