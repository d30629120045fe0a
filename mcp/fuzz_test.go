package mcp

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

var argSeeds = []string{
	`{"memories":["Alice lives in Paris"],"memory_type":"semantic","tags":["x"],"session_id":"s","metadata":{"a":1}}`,
	`{"memories":"Dave keeps bees"}`, `{"memories":[1,null,"x"]}`, `{"memories":[]}`, `{"metadata":"src"}`,
	`{"query":"where","ids":"m1","top_k":"5","page":2.5,"mode":"fuzzy","include_superseded":"false"}`,
	`{"query":"x","top_k":1e300,"page":-1e300,"ids":["skill:"]}`, `{"user_id":"bob"}`,
	`null`, `[]`, `"x"`, `7`, ``, `{"memories":[` + strings.Repeat("[", 200) + `]}`,
	"{\"memories\":[\"bad \xff\"]}", `{"metadata":` + strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40) + `}`,
}

// checkDecoded fails when a decode error is not a client error naming
// what was wrong (a panic fails the test by itself).
func checkDecoded(t *testing.T, raw []byte) {
	for _, decode := range []func([]byte) error{
		func(b []byte) error { _, err := decodeAdd(b); return err },
		func(b []byte) error { _, err := decodeSearch(b); return err },
	} {
		if err := decode(raw); err != nil {
			if code := engine.ErrorCode(err); code == engine.EInternal || engine.ErrorMessage(err) == "" {
				t.Fatalf("%q: %v (code %s)", raw, err, code)
			}
		}
	}
}

// FuzzArgs drives the MCP argument decoders of both tools: every input is
// decoded or refused with a client error, never a panic or an internal
// error. go test runs the seeds; go test -fuzz FuzzArgs ./mcp explores.
func FuzzArgs(f *testing.F) {
	for _, s := range argSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) && len(raw) > 0 { // the SDK hands over only valid JSON
			return
		}
		checkDecoded(t, raw)
	})
}

// TestFuzzArgsBriefly is the bounded random part of the fuzz run in the
// default test command: seeds with random values spliced in, for a second.
func TestFuzzArgsBriefly(t *testing.T) {
	values := []string{`null`, `""`, `"5"`, `5`, `5.5`, `-1`, `1e400`, `true`, `[]`, `{}`, `["x"]`, `[1]`, `{"a":[]}`, `"\u202e"`}
	names := []string{"memories", "memory_type", "tags", "session_id", "metadata", "query", "ids", "top_k", "page", "mode", "rerank", "include_superseded", "other"}
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		obj := map[string]json.RawMessage{}
		for k := rng.Intn(5); k >= 0; k-- {
			obj[names[rng.Intn(len(names))]] = json.RawMessage(values[rng.Intn(len(values))])
		}
		raw, err := json.Marshal(obj)
		if err != nil {
			continue // 1e400 is not valid for the encoder
		}
		checkDecoded(t, raw)
	}
	for _, s := range argSeeds {
		checkDecoded(t, []byte(s))
	}
}
