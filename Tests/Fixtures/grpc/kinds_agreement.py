"""Ferry's own: the messages of GRPCJSONAgreementTests, built by Python's protobuf from kinds.proto.

    python3 kinds_agreement.py DIR print       one line per case: {"bytes": base64, "json": MessageToJson}
                                               (and DIR/kinds.protoset, the descriptor set)
    python3 kinds_agreement.py DIR check FILE  FILE has one base64 message a line (each ending in a newline), Ferry's encoding of
                                               each case's JSON; prints "ok N" when each parses to its case
"""
import base64, json, math, os, sys
from grpc_tools import protoc
import grpc_tools

stubs, mode = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
include = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
if protoc.main(["protoc", "-I" + here, "-I" + include, "--python_out=" + stubs, "--include_imports",
                "--descriptor_set_out=" + os.path.join(stubs, "kinds.protoset"), "kinds.proto"]) != 0:
    sys.exit("protoc failed")
sys.path.insert(0, stubs)
import kinds_pb2
from google.protobuf import json_format, duration_pb2, struct_pb2

K = kinds_pb2


def cases():
    scalars = K.Kinds(
        f_double=1.5, f_float=0.1, f_int32=-5, f_int64=-9007199254740993, f_uint32=4294967295,
        f_uint64=18446744073709551615, f_sint32=-2147483648, f_sint64=-1, f_fixed32=7, f_fixed64=8,
        f_sfixed32=-9, f_sfixed64=-10, f_bool=True, f_string='h\u00e9llo "q"\n\u0001 \U0001F600', f_bytes=b"\x00\xff\xfe",
        f_enum=K.GREEN, f_message=K.Inner(label="x", count=3), f_optional=0)
    collections = K.Kinds(
        packed_int32=[1, -2, 3], packed_sint64=[-5, 5], packed_double=[0.5, -0.25, 1e300], unpacked_int32=[4, 5],
        strings=["a", ""], inners=[K.Inner(), K.Inner(label="y")], colours=[K.RED, K.GREEN],
        map_string_int32={"a": 1, "": 0}, map_int64_string={-1: "m", 5: ""}, map_bool_inner={True: K.Inner(count=1)},
        map_string_colour={"k": K.GREEN}, choice_inner=K.Inner(label="c"))
    known = K.Kinds()
    known.timestamp.seconds, known.timestamp.nanos = 63108020, 21000000
    known.duration.seconds, known.duration.nanos = -1, -500000000
    known.any.Pack(K.Inner(label="in any", count=2))
    known.struct.update({"a": 1, "b": [True, None, "s"], "c": {"d": 2.5}})
    known.value.string_value = "v"
    known.list_value.extend([1, "x"])
    known.field_mask.paths.extend(["f_int32", "map_string_int32"])
    known.empty.SetInParent()
    known.int32_wrapper.value = 0
    known.string_wrapper.value = "w"
    known.bytes_wrapper.value = b"\x01"
    known.bool_wrapper.value = False
    known.double_wrapper.value = 2.5
    known.uint64_wrapper.value = 18446744073709551615
    known.int64_wrapper.value = -3
    known.float_wrapper.value = 1.25
    known.uint32_wrapper.value = 9
    known.timestamps.add(seconds=0)
    known.timestamps.add(seconds=-62135596800, nanos=1000)
    known.values["n"].null_value = struct_pb2.NULL_VALUE
    known.values["x"].number_value = 3
    wrapped = K.Kinds(choice_text="text", f_double=math.inf, f_float=-math.inf, f_enum=7, colours=[1, 9])
    wrapped.any.Pack(duration_pb2.Duration(seconds=3, nanos=1000))
    nested = K.Kinds(f_message=K.Inner())
    return [scalars, collections, known, wrapped, nested, K.Kinds()]


if mode == "print":
    for case in cases():
        print(json.dumps({"bytes": base64.b64encode(case.SerializeToString()).decode(), "json": json_format.MessageToJson(case)}))
else:
    with open(sys.argv[3]) as lines:
        encoded = [base64.b64decode(line) for line in lines.read().split("\n")[:-1]]  # the empty message is an empty line
    expected = cases()
    if len(encoded) != len(expected):
        sys.exit("%d messages for %d cases" % (len(encoded), len(expected)))
    for index, (data, case) in enumerate(zip(encoded, expected)):
        parsed = K.Kinds.FromString(data)
        if parsed != case:
            sys.exit("case %d differs:\n%s\nexpected\n%s" % (index, parsed, case))
    print("ok %d" % len(encoded))
