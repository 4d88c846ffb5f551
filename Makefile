# Thin wrapper over CMake (as neovim does): `make run` and `make test` on a
# fresh clone set up the Debian packages, build in Release and run.
# cmake stays usable directly; see docs/development.md.
BUILD_DIR ?= build
BUILD_TYPE ?= Release
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all setup build run test bundle clean

all: build

setup:
	@sh scripts/setup.sh

build: setup
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/puzzlebench run

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# puzzlebench with its shared libraries and loader, to carry to a machine
# without the Debian packages (scripts/bundle.sh)
bundle: build
	sh scripts/bundle.sh $(BUILD_DIR)

clean:
	rm -rf $(BUILD_DIR)
