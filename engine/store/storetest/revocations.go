package storetest

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// RunRevocations is the conformance suite of a revocation list: the file of
// a single server and the PostgreSQL store both pass it.
func RunRevocations(t *testing.T, open func(t *testing.T) auth.Revocations) {
	ctx := t.Context()
	r := open(t)
	if ids, err := r.RevokedKeys(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("a new list holds %v, %v", ids, err)
	}
	for _, id := range []string{"0123456789abcdef", "fedcba9876543210", "0123456789abcdef"} {
		if err := r.RevokeKey(ctx, id); err != nil {
			t.Fatalf("RevokeKey(%s): %v", id, err)
		}
	}
	ids, err := r.RevokedKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	if !slices.Equal(ids, []string{"0123456789abcdef", "fedcba9876543210"}) {
		t.Errorf("RevokedKeys = %v", ids)
	}
}
