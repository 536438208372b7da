#!/usr/bin/env python3
"""Writes a deterministic XML document of about SIZE_MB megabytes (10^6 bytes) to FILE: a root in a
default namespace with a prefixed one, holding API-like records (attributes, text with entities and
non-ASCII characters, nested elements), for the XPath benchmark.
    generate-xml.py SIZE_MB FILE"""
import random
import sys
from xml.sax.saxutils import escape

size = int(float(sys.argv[1]) * 1_000_000)
rng = random.Random(4)
words = ["ferry", "harbour", "tide", "Fähre", "渡し船", "⛴", "quay", "knot", "rope", "deck", "sail", "stern", "a & b"]

with open(sys.argv[2], "w", encoding="utf-8") as out:
    head = '<?xml version="1.0" encoding="UTF-8"?>\n<records xmlns="urn:ferry:records" xmlns:o="urn:ferry:owner">\n'
    out.write(head)
    written, index = len(head.encode("utf-8")), 0
    while written < size:
        tags = "".join(f"<tag>{escape(rng.choice(words))}</tag>" for _ in range(rng.randint(0, 4)))
        history = "".join(f'<change at="{1700000000 + i * 60}" delta="{rng.randint(-50, 50)}"/>' for i in range(rng.randint(0, 3)))
        record = (
            f'  <record id="{index}" active="{str(rng.random() < 0.5).lower()}" score="{round(rng.uniform(-1000, 1000), 4)}">'
            f"<name>{escape(rng.choice(words))} {escape(rng.choice(words))} #{index}</name>"
            f"<tags>{tags}</tags><o:owner><o:email>user{index}@example.com</o:email></o:owner>"
            f"<history>{history}</history></record>\n"
        )
        out.write(record)
        written += len(record.encode("utf-8"))
        index += 1
    out.write("</records>\n")
