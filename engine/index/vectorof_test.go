package index

import (
	"math"
	"testing"
)

func TestAddVectorSumsStoredVectors(t *testing.T) {
	s := NewShard(2)
	s.Upsert(row("a", "", 1), []float32{3, 4}, nil) // stored normalised: (0.6, 0.8)
	s.Upsert(row("b", "", 2), []float32{-1, 0}, nil)
	s.Upsert(row("c", "", 3), nil, nil)
	dst := []float32{1, 1}
	if !s.AddVector(dst, "a", 0.5) || !s.AddVector(dst, "b", 2) {
		t.Fatal("AddVector reported no vector for a stored one")
	}
	want := []float32{1 + 0.3 - 2, 1 + 0.4}
	for i := range want {
		if math.Abs(float64(dst[i]-want[i])) > 0.01 {
			t.Fatalf("dst = %v, want about %v", dst, want)
		}
	}
	for _, id := range []string{"c", "missing"} {
		if s.AddVector(dst, id, 1) {
			t.Errorf("AddVector(%q) reported a vector", id)
		}
	}
	if s.AddVector(make([]float32, 3), "a", 1) {
		t.Error("AddVector accepted a destination of another dimension")
	}
	if math.Abs(float64(dst[0]-want[0])) > 0.01 {
		t.Errorf("a refused AddVector changed dst: %v", dst)
	}
}
