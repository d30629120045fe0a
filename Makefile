# memsvc: `make test` is the whole suite (what CI runs); `make run` starts the
# server on its embedded defaults.
GO ?= go

.PHONY: test run build vet bench e2e-deps pg-deps browser-deps dist docker n8n-test n8n-e2e fuzz

test: vet e2e-deps pg-deps browser-deps n8n-test
	$(GO) test -count=1 -timeout 25m ./...

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

# e2e-deps installs what the end-to-end tests drive (the official MCP
# TypeScript client); a no-op when there is nothing to install yet.
e2e-deps:
	@if [ -f e2e/package.json ]; then cd e2e && npm ci --no-audit --no-fund --loglevel=error; fi

# pg-deps installs PostgreSQL 15 when initdb is missing: the store
# conformance suite and the hosted-form tests start throwaway clusters, and
# under CI=true they fail rather than skip without it. CI runs as root.
PG_BIN ?= /usr/lib/postgresql/15/bin
pg-deps:
	@if [ ! -x $(PG_BIN)/initdb ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "installing postgresql-15"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15; \
	fi

# browser-deps installs Debian's chromium for the dashboard's browser test
# (ui/browser_test.go) when it is missing. CI runs as root; elsewhere the
# test skips without it, but fails when CI=true.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
		else echo "chromium is missing: the browser test will skip (sudo apt-get install -y chromium)"; fi; \
	fi

# fuzz explores every fuzz target further than the seeds that `make test`
# runs: REST decoders and whole requests, MCP arguments and tool handlers, the
# engine's free-text entry points, the extractor and its helpers, the
# tokenizer and the built-in models. One worker each: the targets share cores.
FUZZTIME ?= 30s
FUZZ = $(GO) test -run '^$$' -fuzztime $(FUZZTIME) -parallel 1 -fuzz
fuzz:
	$(FUZZ) '^FuzzREST$$' ./rest
	$(FUZZ) '^FuzzRESTRequest$$' ./rest
	$(FUZZ) '^FuzzArgs$$' ./mcp
	$(FUZZ) '^FuzzTools$$' ./mcp
	$(FUZZ) '^FuzzEngineText$$' ./engine/service
	$(FUZZ) '^FuzzExtractExchange$$' ./engine/extract
	$(FUZZ) '^FuzzExtractWords$$' ./engine/extract
	$(FUZZ) '^FuzzTextHelpers$$' ./engine/extract
	$(FUZZ) '^FuzzText$$' ./text
	$(FUZZ) '^FuzzBuiltinModels$$' ./llm

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

# n8n-test lints, builds and unit-tests the n8n community node package against a real memsvc built from
# this checkout (two servers on 127.0.0.1: one with auth, one without). Needs Node.js 20+ and npm.
N8N_PKG := plugin/n8n-nodes-memsvc
n8n-test:
	cd $(N8N_PKG) && if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
	  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error; fi && npm test

# n8n-e2e runs the package inside a real n8n (Node 24 and n8n installed once into ~/.cache/memsvc-n8n,
# about 3 GB): an AI Agent with the memory sub-node and a scripted model, then the credential test.
n8n-e2e:
	bash $(N8N_PKG)/e2e/run.sh

# load runs the load test for LOAD_SECONDS (default 90): 200 REST and 50 MCP
# clients over 100 users against a real server on loopback with fsync on;
# it prints p50/p95/p99 per call kind and the load average. `make test`
# runs the same test for 3 seconds as a smoke check.
LOAD_SECONDS ?= 90
.PHONY: load
load:
	MEMSVC_LOAD_SECONDS=$(LOAD_SECONDS) $(GO) test -count=1 -timeout 15m -run '^TestLoad$$' -v ./cmd/memsvc
