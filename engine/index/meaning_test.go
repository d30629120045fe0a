package index

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// unitMeaning is a random unit vector of MeaningDim.
func unitMeaning(rng *rand.Rand) []float32 {
	v := make([]float32, MeaningDim)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	normalize(v)
	return v
}

func setMeaning(t *testing.T, s *Shard, id string, v []float32) {
	t.Helper()
	q, scale, ok := QuantizeMeaning(v)
	if !ok || !s.SetMeaning(id, q, scale) {
		t.Fatalf("SetMeaning(%s) refused", id)
	}
}

func dot32(a, b []float32) float32 {
	var d float32
	for i := range a {
		d += a[i] * b[i]
	}
	return d
}

// A row's meaning follows it through appends, removals (the last row moves
// into the gap) and metadata updates; a dropped or never-set one is absent.
func TestMeaningsFollowRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := NewShard(2)
	s.Upsert(row("a", "", 1), []float32{1, 0}, nil)
	s.Upsert(row("b", "", 2), []float32{0, 1}, nil)
	va, vc := unitMeaning(rng), unitMeaning(rng)
	setMeaning(t, s, "a", va) // the first meaning allocates every row's
	s.Upsert(row("c", "", 3), []float32{1, 1}, nil)
	setMeaning(t, s, "c", vc)
	if s.SetMeaning("absent", make([]int8, MeaningDim), 1) {
		t.Error("SetMeaning of an absent row reported held")
	}
	if got := s.WithoutMeaning(); !slices.Equal(got, []string{"b"}) {
		t.Errorf("WithoutMeaning = %v, want [b]", got)
	}
	s.Remove("a") // c moves into a's slot
	s.Upsert(Row{ID: "c", State: "superseded"}, nil, []string{"x"})
	cos, have := s.MeaningCosines(vc, []string{"a", "b", "c"})
	if have[0] || have[1] || !have[2] || math.Abs(float64(cos[2])-1) > 0.01 {
		t.Errorf("after a removal and an update: cos %v have %v, want only c's, near 1", cos, have)
	}
	s.DropMeaning("c")
	if s.HasMeaning("c") || len(s.WithoutMeaning()) != 2 {
		t.Errorf("a dropped meaning is still held")
	}
}

// MeaningCosines agrees with the float cosine to the quantisation's error,
// and SearchMeaning finds the rows nearest in meaning, keep honoured, rows
// without a meaning never among them.
func TestSearchMeaning(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	s := NewShard(2)
	if got := s.SearchMeaning(unitMeaning(rng), 3, nil); got != nil {
		t.Errorf("a shard without meanings answered %v", got)
	}
	vecs := map[string][]float32{}
	for i := range 300 {
		id := string(rune('A'+i%26)) + string(rune('a'+i/26))
		s.Upsert(row(id, "", i), []float32{1, 0}, nil)
		if i%10 == 9 {
			continue // no meaning yet
		}
		vecs[id] = unitMeaning(rng)
		setMeaning(t, s, id, vecs[id])
	}
	q := unitMeaning(rng)
	type scored struct {
		id  string
		cos float32
	}
	var want []scored
	for id, v := range vecs {
		want = append(want, scored{id, dot32(q, v)})
		cos, have := s.MeaningCosines(q, []string{id})
		if !have[0] || math.Abs(float64(cos[0]-dot32(q, v))) > 5e-3 {
			t.Fatalf("MeaningCosines(%s) = %v (%v), float cosine %v", id, cos[0], have[0], dot32(q, v))
		}
	}
	slices.SortFunc(want, func(a, b scored) int { return cmpFloat(b.cos, a.cos) })
	got := s.SearchMeaning(q, 5, nil)
	if len(got) != 5 || got[0].ID != want[0].id {
		t.Fatalf("SearchMeaning = %v, want %v first", got, want[0])
	}
	skip := want[0].id
	got = s.SearchMeaning(q, 5, func(r *Row) bool { return r.ID != skip })
	if len(got) != 5 || got[0].ID == skip {
		t.Errorf("keep not honoured: %v", got)
	}
	all := s.SearchMeaning(q, 1000, nil)
	if len(all) != len(vecs) {
		t.Errorf("SearchMeaning of every row = %d hits, want the %d with a meaning", len(all), len(vecs))
	}
}

func cmpFloat(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// A shard's meanings are in its accounted bytes: 512 B and a scale a row.
func TestMeaningBytesAccounted(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	s := NewShard(2)
	for i := range 64 {
		s.Upsert(row(string(rune('a'+i)), "", i), []float32{1, 0}, nil)
	}
	before := s.Bytes()
	setMeaning(t, s, "a", unitMeaning(rng))
	if grew := s.Bytes() - before; grew < 64*(MeaningDim+4) {
		t.Errorf("the first meaning added %d accounted bytes, want at least %d for 64 rows", grew, 64*(MeaningDim+4))
	}
}

// QuantizeMeaning refuses what is no meaning.
func TestQuantizeMeaningRefuses(t *testing.T) {
	for name, v := range map[string][]float32{"short": {1, 2}, "zeros": make([]float32, MeaningDim)} {
		if _, _, ok := QuantizeMeaning(v); ok {
			t.Errorf("%s: quantised", name)
		}
	}
}
