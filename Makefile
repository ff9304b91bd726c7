# SPDX-License-Identifier: MIT
# A thin front end to CMake.  `make help` lists the targets.

BUILD_DIR ?= build
ASAN_DIR ?= build-asan
PORTABLE_DIR ?= build-portable
FUZZ_DIR ?= build-fuzz
BUILD_TYPE ?= RelWithDebInfo
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
CMAKE_FLAGS ?=
# Per-test limit for ctest; a test may set its own TIMEOUT.
TEST_TIMEOUT ?= 180
FUZZ_SECONDS ?= 60
BENCH_ARGS ?=
CLANG ?= clang
CLANG_FORMAT ?= clang-format

# Keep the make that CMake runs from printing "Entering directory" lines.
MAKEFLAGS += --no-print-directory

SANITIZER_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
                UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

FORMAT_DIRS = include src cli tests fuzz examples bench tools

.PHONY: all build demo test asan portable install bench fuzz format format-check clean setup help

all: build

help:
	@echo "make            configure and build in $(BUILD_DIR)/ ($(BUILD_TYPE))"
	@echo "make demo       build, then run pdn check/fmt/json on examples/demo.pdn"
	@echo "make test       build and run every test"
	@echo "make asan       build with AddressSanitizer + UBSan in $(ASAN_DIR)/ and run the tests"
	@echo "make portable   build without SIMD (-DPDN_NO_SIMD) in $(PORTABLE_DIR)/ and run the tests"
	@echo "make install    install under PREFIX (now $(PREFIX))"
	@echo "make bench      run bench/run.sh against the build"
	@echo "make fuzz       libFuzzer build in $(FUZZ_DIR)/ with clang, $(FUZZ_SECONDS)s per target"
	@echo "make format     clang-format the sources in place (format-check: only report)"
	@echo "make setup      install missing tools (scripts/setup.sh)"
	@echo "make clean      remove the build directories"

setup:
	@sh scripts/setup.sh

build: setup
	@$(CMAKE) -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS) >/dev/null
	@$(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

demo: build
	@for cmd in check fmt json; do \
	    echo "== pdn $$cmd examples/demo.pdn"; \
	    $(BUILD_DIR)/pdn $$cmd examples/demo.pdn || exit $$?; \
	    echo; \
	done

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j2 --timeout $(TEST_TIMEOUT)

asan: setup
	@$(CMAKE) -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	    -DPDN_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@$(CMAKE) --build $(ASAN_DIR) -j $(JOBS)
	cd $(ASAN_DIR) && $(SANITIZER_ENV) ctest --output-on-failure -j2 --timeout $(TEST_TIMEOUT)

# The byte tests of src/base/bits.h have an SSE2 version and a portable one;
# this build runs the whole suite on the portable one.
portable: setup
	@$(CMAKE) -S . -B $(PORTABLE_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	    -DCMAKE_C_FLAGS=-DPDN_NO_SIMD $(CMAKE_FLAGS) >/dev/null
	@$(CMAKE) --build $(PORTABLE_DIR) -j $(JOBS)
	cd $(PORTABLE_DIR) && ctest --output-on-failure -j2 --timeout $(TEST_TIMEOUT)

install: build
	$(CMAKE) --install $(BUILD_DIR) --prefix "$(PREFIX)"

# BENCH_ARGS=--quick for a short run; see bench/README.md.
bench: build
	@if [ -f bench/run.sh ]; then \
	    sh bench/run.sh $(BENCH_ARGS) "$(abspath $(BUILD_DIR))/pdn"; \
	else \
	    echo "bench/run.sh does not exist yet"; \
	fi

# Coverage-guided fuzzing of each fuzz/<target>.c (fuzz_*.c).  The seeds in
# fuzz/corpus/<target> are only read: new inputs go to $(FUZZ_DIR)/corpus/<target>
# and crashes to $(FUZZ_DIR)/.  fuzz/<target>.dict is used when it exists.
fuzz: setup
	@command -v $(CLANG) >/dev/null 2>&1 || { echo "make fuzz needs clang (apt-get install clang)"; exit 1; }
	@CC=$(CLANG) $(CMAKE) -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	    -DPDN_LIBFUZZER=ON $(CMAKE_FLAGS) >/dev/null
	@$(CMAKE) --build $(FUZZ_DIR) -j $(JOBS)
	@set -e; found=0; for src in fuzz/fuzz_*.c; do \
	    [ -f "$$src" ] || continue; found=1; \
	    target=$$(basename "$$src" .c); \
	    set -- "corpus/$$target"; \
	    [ -d "fuzz/corpus/$$target" ] && set -- "$$@" "$(CURDIR)/fuzz/corpus/$$target"; \
	    [ -f "fuzz/$$target.dict" ] && set -- "-dict=$(CURDIR)/fuzz/$$target.dict" "$$@"; \
	    mkdir -p "$(FUZZ_DIR)/corpus/$$target"; \
	    echo "== fuzzing $$target for $(FUZZ_SECONDS)s"; \
	    (cd $(FUZZ_DIR) && $(SANITIZER_ENV) ./$$target -max_total_time=$(FUZZ_SECONDS) "$$@"); \
	done; [ $$found = 1 ] || echo "no fuzz targets in fuzz/"

format:
	@find $(FORMAT_DIRS) \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -print0 2>/dev/null | \
	    xargs -0 -r $(CLANG_FORMAT) -i

format-check:
	@find $(FORMAT_DIRS) \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -print0 2>/dev/null | \
	    xargs -0 -r $(CLANG_FORMAT) --dry-run --Werror

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(PORTABLE_DIR) $(FUZZ_DIR)
