// simdjson's DOM parser on one file, the reference for Ferry's JSON reader (Benchmarks/json-reader).
// Reads FILE into memory once, then parses it RUNS times and prints one line per parse:
//   wall-seconds thread-cpu-seconds nodes
// Only the parse is timed. "reused" keeps one dom::parser for every parse (simdjson's recommended
// use: its buffers are allocated once); "fresh" makes a new parser for each parse, allocating its
// buffers every time as Ferry's reader allocates its node table. Nodes (every value: objects,
// arrays and scalars, not keys) are counted after the timing, to check both readers saw the same.
//   simdjson-parse FILE RUNS reused|fresh
#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>

static double seconds(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

static long count_nodes(simdjson::dom::element element) {
    long nodes = 1;
    switch (element.type()) {
    case simdjson::dom::element_type::ARRAY:
        for (auto child : simdjson::dom::array(element)) nodes += count_nodes(child);
        break;
    case simdjson::dom::element_type::OBJECT:
        for (auto field : simdjson::dom::object(element)) nodes += count_nodes(field.value);
        break;
    default:
        break;
    }
    return nodes;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[3], "reused") != 0 && strcmp(argv[3], "fresh") != 0)) {
        fprintf(stderr, "usage: simdjson-parse FILE RUNS reused|fresh\n");
        return 1;
    }
    simdjson::padded_string json;
    if (auto error = simdjson::padded_string::load(argv[1]).get(json)) {
        fprintf(stderr, "simdjson-parse: %s\n", simdjson::error_message(error));
        return 2;
    }
    const bool fresh = strcmp(argv[3], "fresh") == 0;
    const int runs = atoi(argv[2]);
    auto reused = std::make_unique<simdjson::dom::parser>();
    fprintf(stderr, "simdjson %s, implementation %s\n", SIMDJSON_STRINGIFY(SIMDJSON_VERSION),
            simdjson::get_active_implementation()->name().c_str());
    for (int run = 0; run < runs; run++) {
        std::unique_ptr<simdjson::dom::parser> own;
        simdjson::dom::parser *parser = reused.get();
        if (fresh) {
            own = std::make_unique<simdjson::dom::parser>();
            parser = own.get();
        }
        const double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
        simdjson::dom::element root;
        auto error = parser->parse(json).get(root);
        const double cpuSeconds = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu, wallSeconds = seconds(CLOCK_MONOTONIC) - wall;
        if (error) {
            fprintf(stderr, "simdjson-parse: %s\n", simdjson::error_message(error));
            return 2;
        }
        printf("%.6f %.6f %ld\n", wallSeconds, cpuSeconds, count_nodes(root));
    }
    return 0;
}
