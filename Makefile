# hvlb: `make demo` runs the main job, `make test` runs every test, `make bench` the benchmarks.
# `make deps` (scripts/deps.sh, idempotent) is the only installer. The targets a user runs on a
# fresh machine (demo, test, unit, e2e, bench, bench-sched) run it first; `make build` and its
# parts (forwarder, go, proto-py, proto-go, lab-delay) install nothing.

# The Go toolchain of the machine image lives here; CI's PATH may not name it.
export PATH := /usr/local/go/bin:$(PATH)

BUILD      ?= build
FWD_BUILD  := $(BUILD)/forwarder
FWD_LAYOUT_BUILD := $(BUILD)/forwarder-layout
SAN_BUILD  := $(BUILD)/san
GO_BIN     := $(BUILD)/bin
PYTEST     ?= python3 -m pytest

.PHONY: all deps build forwarder forwarder-layout go proto-go proto-py test unit e2e demo demo-down demo-scaleout bench clean \
	lab-delay bench-sched san san-test fuzz fuzz-seeds

all: build

deps:
	@bash scripts/deps.sh

# When a goal that installs is on the command line, every build step waits for deps
# (order-only, so `make -j` cannot build before the packages are there); otherwise the
# build steps depend on nothing being installed.
INSTALLING := $(filter deps demo demo-scaleout test unit e2e bench bench-sched packaging fuzz,$(MAKECMDGOALS))
AFTER_DEPS := $(if $(INSTALLING),deps)

$(FWD_BUILD)/build.ninja: | $(AFTER_DEPS)
	meson setup $(FWD_BUILD) forwarder

forwarder: $(FWD_BUILD)/build.ninja | $(AFTER_DEPS)
	ninja -C $(FWD_BUILD)

# The test-only forwarder whose connection entry and service config are laid out otherwise
# (meson -Dtest_layout_change=true): tests/e2e/test_upgrade_layout.py restarts a forwarder onto
# it and back, keeping every connection. The binary only; never installed.
$(FWD_LAYOUT_BUILD)/build.ninja: | $(AFTER_DEPS)
	meson setup $(FWD_LAYOUT_BUILD) forwarder -Dtest_layout_change=true

forwarder-layout: $(FWD_LAYOUT_BUILD)/build.ninja | $(AFTER_DEPS)
	ninja -C $(FWD_LAYOUT_BUILD) src/hvlb-forwarder

# Go binaries (controller, agent, hvlbctl, lab tools), once the module exists.
go: | $(AFTER_DEPS)
	@if [ -f go.mod ]; then mkdir -p $(GO_BIN) && go build -o $(GO_BIN)/ ./cmd/...; fi

# Go code generated from proto/ (committed; run after changing a .proto). The generator
# versions are pinned so the output does not drift.
PROTOC_GEN_GO      := google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.6
PROTOC_GEN_GO_GRPC := google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1
proto-go: | $(AFTER_DEPS)
	GOBIN=$(CURDIR)/$(BUILD)/tools go install $(PROTOC_GEN_GO)
	GOBIN=$(CURDIR)/$(BUILD)/tools go install $(PROTOC_GEN_GO_GRPC)
	PATH=$(CURDIR)/$(BUILD)/tools:$$PATH protoc -Iproto --go_out=. --go_opt=module=hvlb \
		--go-grpc_out=. --go-grpc_opt=module=hvlb proto/fwd.proto proto/controller.proto

# Python bindings of the local API for lab/fwctl.py (and so the lab, the benchmarks and the
# tests), which imports them from build/py and refuses a missing or stale one.
PY_PB := $(BUILD)/py/fwd_pb2.py
proto-py: $(PY_PB)
$(PY_PB): proto/fwd.proto | $(AFTER_DEPS)
	@mkdir -p $(@D)
	protoc --python_out=$(@D) -Iproto proto/fwd.proto

build: forwarder go proto-py

# The sanitized and fuzzing build (docs/testing.md): the forwarder, its tests and the
# libFuzzer harnesses (forwarder/fuzz) by clang under AddressSanitizer and
# UndefinedBehaviorSanitizer (b_lundef off, as meson asks of clang with sanitizers).
$(SAN_BUILD)/build.ninja: | $(AFTER_DEPS)
	CC=clang meson setup $(SAN_BUILD) forwarder -Dfuzz=true -Db_sanitize=address,undefined \
		-Db_lundef=false -Dbuildtype=debugoptimized

san: $(SAN_BUILD)/build.ninja | $(AFTER_DEPS)
	ninja -C $(SAN_BUILD)

# The C unit tests, the packet fixtures and the fuzzers' regression inputs, sanitized.
san-test: san
	meson test -C $(SAN_BUILD) --print-errorlogs --suite unit --suite fixtures --suite fuzz

# The fuzzers' seed corpora, from the fixtures, golden requests and configurations.
fuzz-seeds: proto-py
	python3 forwarder/fuzz/seeds.py $(BUILD)/fuzz-seeds --py $(BUILD)/py

# Every fuzzer (C and Go) for FUZZ_SECONDS each; `make test` runs them for TEST_FUZZ_SECONDS
# (C) and TEST_GO_FUZZ_SECONDS (Go).
FUZZ_SECONDS         ?= 600
TEST_FUZZ_SECONDS    ?= 20
TEST_GO_FUZZ_SECONDS ?= 10
fuzz: deps build san fuzz-seeds
	BUILD=$(BUILD) bash scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_SECONDS)

# C unit tests and packet fixtures (no huge pages, no root needed), then the same sanitized
# and every fuzzer for a bounded time.
unit: deps build san fuzz-seeds
	meson test -C $(FWD_BUILD) --print-errorlogs
	$(PYTEST) -q tests/model tests/unit_py
	@if [ -f go.mod ]; then go vet ./... && go test -race ./...; fi
	meson test -C $(SAN_BUILD) --print-errorlogs --suite unit --suite fixtures --suite fuzz
	BUILD=$(BUILD) bash scripts/fuzz.sh $(TEST_FUZZ_SECONDS) $(TEST_GO_FUZZ_SECONDS)

# End-to-end tests in network namespaces (root; they skip with the reason otherwise), and
# the schemathesis run of the controller's REST API (about 30 s; skips, saying why, without
# schemathesis).
e2e: deps build forwarder-layout
	$(PYTEST) -v -rs --durations=25 tests/e2e tests/api_fuzz.py

test: unit e2e packaging

demo: deps build
	bash lab/demo.sh

demo-down:
	python3 lab/topo.py down lab/topologies/demo.yaml --prefix hvlbdemo

# The scale-out variant: three forwarders behind FRR, one killed mid-traffic (lab/demo_scaleout.py).
demo-scaleout: deps build
	python3 lab/demo_scaleout.py

bench: deps build
	bash bench/run.sh

# The lab's per-packet link delay (lab/netdelay.py): an NFQUEUE delay line, since the lab
# kernel has no netem and no fq/etf for EDT. lab/netdelay.py also builds it when missing.
lab-delay: | $(AFTER_DEPS)
	@mkdir -p $(BUILD)/lab
	$(CC) -O2 -Wall -o $(BUILD)/lab/nfq-delay lab/delay/nfq_delay.c -lmnl

# The paper's scheduling experiment (Figs. 12, 13) at lab scale, about 12 minutes as root:
# writes docs/scheduling.json and the plots in docs/ (report: docs/scheduling.md).
# The scheduling experiment (docs/scheduling.md): one forwarder, then a pool of three behind
# ECMP whose paths to the NFs differ.
bench-sched: deps build lab-delay
	@bash scripts/deps-bench.sh
	python3 bench/scheduling.py
	python3 bench/scheduling_pool.py

clean:
	rm -rf $(BUILD)

# make install, make deb, and the packaging test.
include packaging/packaging.mk
