package store

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/storetest"
)

// TestConformance runs the store conformance suite on Badger.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) engine.Store { return open(t, t.TempDir()) })
}
