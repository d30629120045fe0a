package search

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// axisMeanings is a sentence encoder whose every prompt is the first axis.
type axisMeanings struct{}

func (axisMeanings) SentenceVector(string) ([]float32, bool) { return meaningAt(1, 0), true }

func (axisMeanings) SentenceSimilarities(string, []string) ([]float32, bool) { return nil, false }

// meaningAt is the unit meaning vector x·e0 + y·e1.
func meaningAt(x, y float32) []float32 {
	v := make([]float32, index.MeaningDim)
	v[0], v[1] = x, y
	return v
}

// The store-wide lift reads the meanings only once every memory that
// takes one holds it: while the nearest ("near", cosine 1) waits for the
// filler, the nearest of the others ("half", 0.6, leading "far" by 0.6)
// is not brought in its place. A placeholder, which takes none, does not
// hold it back.
func TestStoreNearestWaitsForEveryMeaning(t *testing.T) {
	shard := index.NewShard(1)
	for _, r := range []index.Row{
		{ID: "near", State: engine.StateActive},
		{ID: "half", State: engine.StateActive},
		{ID: "far", State: engine.StateActive},
		{ID: "image", State: engine.StatePending, NoMeaning: true},
	} {
		shard.Upsert(r, nil, nil)
	}
	set := func(id string, v []float32) {
		q, scale, ok := index.QuantizeMeaning(v)
		if !ok || !shard.SetMeaning(id, q, scale) {
			t.Fatalf("SetMeaning(%s) refused", id)
		}
	}
	q := &engine.Query{Text: "my prompt"}
	steps := []struct {
		name    string
		set     string
		vec     []float32
		missing int
		want    string // "" when none is brought
	}{
		{"one memory filled", "half", meaningAt(0.6, 0.8), 2, ""},
		{"the nearest still waits", "far", meaningAt(0, 1), 1, ""},
		{"all filled", "near", meaningAt(1, 0), 0, "near"},
	}
	for _, st := range steps {
		set(st.set, st.vec)
		if got := shard.MeaningsMissing(); got != st.missing {
			t.Errorf("%s: MeaningsMissing = %d, want %d", st.name, got, st.missing)
		}
		got, ok := storeNearest(axisMeanings{}, shard, q)
		if st.want == "" && ok || st.want != "" && (!ok || got.ID != st.want) {
			t.Errorf("%s: storeNearest = %v, %v; want %q", st.name, got, ok, st.want)
		}
	}
	shard.DropMeaning("near") // its text changed
	if _, ok := storeNearest(axisMeanings{}, shard, q); ok || shard.MeaningsMissing() != 1 {
		t.Errorf("after a text change: MeaningsMissing = %d, storeNearest ok %v; want 1, false", shard.MeaningsMissing(), ok)
	}
}
