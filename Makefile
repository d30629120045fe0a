# memsvc: `make test` is the whole suite (what CI runs); `make run` starts the
# server on its embedded defaults.
GO ?= go

.PHONY: test run build vet bench e2e-deps dist docker fuzz

test: vet e2e-deps
	$(GO) test -count=1 -timeout 25m ./...

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

# e2e-deps installs what the end-to-end tests drive (the official MCP
# TypeScript client); a no-op when there is nothing to install yet.
e2e-deps:
	@if [ -f e2e/package.json ]; then cd e2e && npm ci --no-audit --no-fund --loglevel=error; fi

# fuzz explores the REST decoders and MCP argument parsing further than the
# seeds and the bounded random loops that `make test` runs.
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzREST$$' -fuzztime $(FUZZTIME) ./rest
	$(GO) test -run '^$$' -fuzz '^FuzzArgs$$' -fuzztime $(FUZZTIME) ./mcp

run:
	$(GO) run ./cmd/memsvc serve

build:
	$(GO) build -o bin/memsvc ./cmd/memsvc

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...

# dist cross-compiles static release binaries for linux and darwin on amd64
# and arm64 into dist/, with SHA-256 sums.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
DIST_TARGETS = linux/amd64 linux/arm64 darwin/amd64 darwin/arm64
dist:
	@mkdir -p dist
	@for t in $(DIST_TARGETS); do \
		os=$${t%/*}; arch=$${t#*/}; out=dist/memsvc-$(VERSION)-$$os-$$arch; \
		echo "building $$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath \
			-ldflags "-s -w -X main.version=$(VERSION)" -o $$out ./cmd/memsvc || exit 1; \
	done
	@cd dist && sha256sum memsvc-* > SHA256SUMS

# docker builds the container image (needs a running Docker engine).
docker:
	docker build --build-arg VERSION=$(VERSION) -t memsvc:$(VERSION) -t memsvc:latest .
