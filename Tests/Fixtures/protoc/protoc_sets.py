"""Writes protoc's descriptor set of each .proto file given, for ProtoAgreementTests:

    python3 protoc_sets.py OUTDIR ROOT FILE...

OUTDIR/N.pb is `protoc -I ROOT -I <grpcio-tools' include> --include_imports --descriptor_set_out`
of the Nth FILE (relative to ROOT), or OUTDIR/N.err protoc's complaint when it refuses the file.
"""
import contextlib, io, os, sys

import grpc_tools
from grpc_tools import protoc

out, root, files = sys.argv[1], sys.argv[2], sys.argv[3:]
include = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
for number, name in enumerate(files):
    target = os.path.join(out, "%d.pb" % number)
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        status = protoc.main(["protoc", "-I" + root, "-I" + include, "--include_imports", "--descriptor_set_out=" + target, name])
    if status != 0:
        with open(os.path.join(out, "%d.err" % number), "w") as handle:
            handle.write(errors.getvalue() or "protoc failed")
