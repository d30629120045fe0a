package postgres_test

import (
	"context"
	"testing"
)

// A key revoked through one replica's store is revoked when the other
// replica's store is asked about it, with no delay; other keys are not.
func TestKeyRevokedAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	a, b := open(t, url), open(t, url)
	if revoked, err := b.KeyRevoked(ctx, "0123456789abcdef"); err != nil || revoked {
		t.Fatalf("before: revoked=%v, %v", revoked, err)
	}
	if err := a.RevokeKey(ctx, "0123456789abcdef"); err != nil {
		t.Fatal(err)
	}
	if revoked, err := b.KeyRevoked(ctx, "0123456789abcdef"); err != nil || !revoked {
		t.Fatalf("after: revoked=%v, %v; want revoked", revoked, err)
	}
	if revoked, err := b.KeyRevoked(ctx, "fedcba9876543210"); err != nil || revoked {
		t.Fatalf("another key: revoked=%v, %v", revoked, err)
	}
}

// BenchmarkKeyRevoked is what checking the key on every request adds to a
// request of the hosted form with auth on: one indexed query.
func BenchmarkKeyRevoked(b *testing.B) {
	ctx := context.Background()
	st := open(b, pg.NewDatabase(b))
	for b.Loop() {
		if _, err := st.KeyRevoked(ctx, "0123456789abcdef"); err != nil {
			b.Fatal(err)
		}
	}
}
