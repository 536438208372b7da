# Ferry's entry points. Every target first installs missing system packages (scripts/install-deps):
# building needs only the C libraries (build-deps); the tests add their peers and tools (deps), the benchmarks their references (bench-deps).
.PHONY: build-deps deps bench-deps build demo test lint format tui-keys bench fuzz install uninstall clean

# Where `make install` puts Ferry; DESTDIR is prefixed to every path for packaging.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
LIBEXECDIR = $(DESTDIR)$(PREFIX)/libexec/ferry
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# The build folder of `make install`'s release build (e.g. SCRATCH=.build-release to share the benchmarks').
SCRATCH ?= .build
# The installed binaries are linked by lld with packed relative relocations (DT_RELR, glibc 2.36): the
# statically linked runtime's 130,000 relocations take 26 KB instead of 3 MB, and start-up is about a
# millisecond shorter. They export no symbols (47,000 otherwise, that every library's look-ups
# pass and `dladdr` scans at start). Documentation/DECISIONS.md.
RELEASE_LINK = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
# Generic types' metadata made by accessors the compiler writes, not by demangling their names at run
# time: each first demangled type checked its generic requirements by scanning all 11,750 conformance
# records (a third of a one-request `ferry send`'s instructions). Every module is built with it.
RELEASE_SWIFT = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

build-deps:
	@scripts/install-deps build

deps:
	@scripts/install-deps

bench-deps:
	@scripts/install-deps bench

build: build-deps
	swift build

## Build Ferry and open its TUI against its own local demo server (offline); `ferry demo --tour` prints a tour.
## One `swift build` for both binaries (and the two small benchmark tools): its jobs overlap where two
## builds, one a product, ran one after the other (a fresh clone's make demo ~20 s sooner, Benchmarks/README.md).
demo: build
	.build/debug/ferry demo

## Run the whole test suite: unit, loopback HTTP/TLS against the demo server, CLI and tmux tests.
## At most 16 tests at a time: with all 650 at once the test process passed 1024 open files, and
## Foundation's Process.run then crashes (Documentation/DECISIONS.md).
test: deps
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=16 swift test

## The toolchain's swift-format with the checked-in .swift-format: `make lint` fails on a file it would
## change (CI runs it before the tests), `make format` rewrites them.
FORMATTED = Sources Tests Benchmarks/FerryBench Benchmarks/history-bench Fuzz/Sources Package.swift Fuzz/Package.swift
lint:
	swift format lint --strict --recursive --parallel $(FORMATTED)

format:
	swift format --in-place --recursive --parallel $(FORMATTED)

## Documentation/tui.md's key tables made again from the keymap (TUIGuideTests fails until they match).
tui-keys:
	FERRY_WRITE_TUI_KEYS=1 swift test --filter TUIGuideTests

## Release build, then the benchmarks in Benchmarks/README.md (minutes; not part of CI).
bench: bench-deps
	Benchmarks/run

## libFuzzer runs of the readers of untrusted input, each on its seed corpus in Fuzz/corpus, with
## AddressSanitizer (a separate build in .build-fuzz; not part of CI): FUZZ_SECONDS per target (60),
## FUZZ_TARGETS="json xml" for some only, FUZZ_PARALLEL=1 for all at once. Documentation/TESTING.md.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_PARALLEL ?= 0
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" FUZZ_PARALLEL=$(FUZZ_PARALLEL) scripts/fuzz

## Release build, then install ferry under PREFIX: the binary (Swift runtime linked in, stripped) with
## its resource folders (themes, examples) and the demo server (ferry-demo-server, with its test
## certificate) in libexec/ferry, a link in bin, the man page and bash, zsh and fish completions.
## The man page is made from the debug build (`make demo`'s), same commands.
install: build-deps
	swift build -c release --static-swift-stdlib $(RELEASE_LINK) $(RELEASE_SWIFT) --scratch-path $(SCRATCH) --product ferry
	swift build -c release --static-swift-stdlib $(RELEASE_LINK) $(RELEASE_SWIFT) --scratch-path $(SCRATCH) --product ferry-demo-server
	scripts/generate-manpage debug .build/ferry.1
	install -d "$(BINDIR)" "$(LIBEXECDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -s -m 755 $(SCRATCH)/release/ferry "$(LIBEXECDIR)/ferry"
	install -s -m 755 $(SCRATCH)/release/ferry-demo-server "$(LIBEXECDIR)/ferry-demo-server"
	for bundle in $(SCRATCH)/release/*.resources; do \
	  rm -rf "$(LIBEXECDIR)/$${bundle##*/}" && cp -R "$$bundle" "$(LIBEXECDIR)/" && chmod -R a+rX "$(LIBEXECDIR)/$${bundle##*/}"; \
	done
	ln -sfn ../libexec/ferry/ferry "$(BINDIR)/ferry"
	install -m 644 .build/ferry.1 "$(MANDIR)/ferry.1"
	$(SCRATCH)/release/ferry --generate-completion-script bash > "$(BASHDIR)/ferry"
	$(SCRATCH)/release/ferry --generate-completion-script zsh > "$(ZSHDIR)/_ferry"
	$(SCRATCH)/release/ferry --generate-completion-script fish > "$(FISHDIR)/ferry.fish"

## Remove what `make install` put under PREFIX (the same PREFIX).
uninstall:
	rm -f "$(BINDIR)/ferry" "$(MANDIR)/ferry.1" "$(BASHDIR)/ferry" "$(ZSHDIR)/_ferry" "$(FISHDIR)/ferry.fish"
	rm -rf "$(LIBEXECDIR)"

clean:
	swift package clean
