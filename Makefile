# memsvc: `make test` is the whole suite (what CI runs); `make run` starts the
# server on its embedded defaults.
GO ?= go

.PHONY: test run build vet bench e2e-deps

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

run:
	$(GO) run ./cmd/memsvc serve

build:
	$(GO) build -o bin/memsvc ./cmd/memsvc

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...
