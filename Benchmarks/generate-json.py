#!/usr/bin/env python3
"""Writes a deterministic JSON document of about SIZE_MB megabytes (10^6 bytes) to FILE: an object
holding an array of API-like records (strings with escapes and non-ASCII text, integers, floats,
booleans, nulls, nested objects and arrays), for the response-side benchmark.
    generate-json.py SIZE_MB FILE"""
import json
import random
import sys

size = int(float(sys.argv[1]) * 1_000_000)
rng = random.Random(4)
words = ["ferry", "harbour", "tide", "Fähre", "渡し船", "⛴", "quay", "knot", "rope", "deck", "sail", "stern"]

with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write('{"generator": "ferry benchmark", "records": [\n')
    written, index = 40, 0
    while written < size:
        record = {
            "id": index,
            "name": f"{rng.choice(words)} {rng.choice(words)} #{index}",
            "active": rng.random() < 0.5,
            "score": round(rng.uniform(-1000, 1000), 4),
            "count": rng.randint(0, 10**12),
            "tags": [rng.choice(words) for _ in range(rng.randint(0, 4))],
            "owner": {"email": f"user{index}@example.com", "note": None if rng.random() < 0.3 else 'says "hi"\n\ttabbed'},
            "history": [{"at": 1700000000 + i * 60, "delta": rng.randint(-50, 50)} for i in range(rng.randint(0, 3))],
        }
        line = ("" if index == 0 else ",\n") + json.dumps(record, ensure_ascii=False)
        out.write(line)
        written += len(line.encode("utf-8"))
        index += 1
    out.write("\n]}\n")
