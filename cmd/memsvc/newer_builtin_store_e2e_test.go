package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/llm"
)

// laterBuiltinID is the store id of the built-in embedder one version
// after this binary's: what a store upgraded by a newer release records.
func laterBuiltinID(t *testing.T) string {
	t.Helper()
	m := llm.BuiltinEmbedModel
	i := strings.LastIndex(m, "-v")
	n, err := strconv.Atoi(m[i+2:])
	if err != nil {
		t.Fatalf("the built-in embedder's model %q has no version", m)
	}
	return m[:i+2] + strconv.Itoa(n+1) + "/" + strconv.Itoa(llm.NewBuiltinEmbedder().Dim())
}

// A store a newer release upgraded, opened by this one (a rollback, or an
// old replica restarted): serve refuses it (exit 1) saying a newer release
// wrote it, and names both ways out with their flags; the store is left
// as it was, not moved back.
func TestServeRefusesStoreOfNewerBuiltinEmbedder(t *testing.T) {
	dir := t.TempDir()
	t.Run("written", func(t *testing.T) { fillServer(t, startServerOn(t, dir, nil), upgradeTexts...) })
	later := laterBuiltinID(t)
	withBadger(t, dir, func(st engine.Store) {
		if err := st.PutMeta(context.Background(), reembed.MetaKey, later); err != nil {
			t.Fatal(err)
		}
	})
	code, _, stderr := run(t, nil, "serve", "--data", dir, "--addr", "127.0.0.1:0")
	if code != 1 {
		t.Fatalf("serve on a store of a newer built-in embedder: exit %d, want 1; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"a newer memsvc release wrote this store", later, "memsvc reembed --embed-provider builtin"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("serve's refusal lacks %q:\n%s", want, stderr)
		}
	}
	withBadger(t, dir, func(st engine.Store) {
		if got := recordedModel(t, st); got != later {
			t.Errorf("the store records %q after the refused start, want %q still", got, later)
		}
	})
}
