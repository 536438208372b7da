# Ferry's entry points. Every target first installs missing system packages (scripts/install-deps).
.PHONY: deps build demo test bench clean

deps:
	@scripts/install-deps

build: deps
	swift build

## Build Ferry and open its TUI against its own local demo server (offline); `ferry demo --tour` prints a tour.
demo: deps
	swift build --product ferry
	.build/debug/ferry demo

## Run the whole test suite: unit, loopback HTTP/TLS against the demo server, CLI and tmux tests.
test: deps
	swift test

## Release build, then the benchmarks in Benchmarks/README.md (minutes; not part of CI).
bench: deps
	Benchmarks/run

clean:
	swift package clean
