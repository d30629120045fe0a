package index

import "testing"

// The count of rows waiting for a meaning follows every path that adds,
// changes or removes a row or a meaning: a new row waits, a meaning set or
// a placeholder does not, a dropped meaning waits again, a placeholder
// that becomes a memory starts waiting, a removal (moving the last row
// into its place) takes its row out of the count.
func TestMeaningsMissing(t *testing.T) {
	s := NewShard(1)
	vec, scale, _ := QuantizeMeaning(unitAxis(0))
	steps := []struct {
		name string
		do   func()
		want int
	}{
		{"two rows", func() { s.Upsert(Row{ID: "a"}, nil, nil); s.Upsert(Row{ID: "b"}, nil, nil) }, 2},
		{"a placeholder", func() { s.Upsert(Row{ID: "img", NoMeaning: true}, nil, nil) }, 2},
		{"a's meaning", func() { s.SetMeaning("a", vec, scale) }, 1},
		{"a's meaning again", func() { s.SetMeaning("a", vec, scale) }, 1},
		{"a rewritten keeps it", func() { s.Upsert(Row{ID: "a", State: "superseded"}, nil, nil) }, 1},
		{"a's text changed", func() { s.DropMeaning("a") }, 2},
		{"dropped twice", func() { s.DropMeaning("a") }, 2},
		{"the placeholder captured", func() { s.Upsert(Row{ID: "img"}, nil, nil) }, 3},
		{"b filled", func() { s.SetMeaning("b", vec, scale) }, 2},
		{"a removed, img moved", func() { s.Remove("a") }, 1},
		{"b removed", func() { s.Remove("b") }, 1},
		{"img filled", func() { s.SetMeaning("img", vec, scale) }, 0},
		{"img removed", func() { s.Remove("img") }, 0},
	}
	for _, st := range steps {
		st.do()
		if got := s.MeaningsMissing(); got != st.want {
			t.Fatalf("%s: MeaningsMissing = %d, want %d", st.name, got, st.want)
		}
		if n := len(s.WithoutMeaning()); st.want > n {
			t.Fatalf("%s: MeaningsMissing %d, more than the %d rows without one", st.name, st.want, n)
		}
	}
}

// unitAxis is the unit meaning vector along axis i.
func unitAxis(i int) []float32 {
	v := make([]float32, MeaningDim)
	v[i] = 1
	return v
}
