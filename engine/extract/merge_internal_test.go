package extract

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// naiveMerge is the pairwise rule the merger indexes: each new fact goes into the first
// fact, in order, with its text or that it restates.
func naiveMerge(facts []Fact) []Fact {
	var out []Fact
next:
	for _, f := range facts {
		key := textKey(f.Text)
		for i := range out {
			if textKey(out[i].Text) == key {
				out[i].MessageIDs = appendUnique(out[i].MessageIDs, f.MessageIDs...)
				continue next
			}
			if keep, ok := restates(out[i], f); ok {
				keep.MessageIDs = appendUnique(append([]string(nil), out[i].MessageIDs...), f.MessageIDs...)
				out[i] = keep
				continue next
			}
		}
		out = append(out, f)
	}
	return out
}

// The merger must merge exactly as comparing every pair does, on requests full of
// repeats: the same texts in other cases, restatements that say more or less, single- and
// multi-valued slots, two speakers.
func TestMergerMergesAsPairwise(t *testing.T) {
	texts := []struct {
		text string
		slot *Slot
	}{
		{"Alice lives in Munich", &Slot{Subject: "alice", Predicate: "lives_in", Value: "munich"}},
		{"alice lives in munich", &Slot{Subject: "alice", Predicate: "lives_in", Value: "munich"}},
		{"Alice lives in Munich now with her cat", &Slot{Subject: "Alice", Predicate: "lives_in", Value: "Munich"}},
		{"Alice moved to Munich", &Slot{Subject: "alice", Predicate: "lives_in", Value: "munich"}},
		{"Alice likes jazz", &Slot{Subject: "alice", Predicate: "likes", Value: "jazz"}},
		{"Alice likes jazz a lot", &Slot{Subject: "alice", Predicate: "likes", Value: "jazz"}},
		{"Alice really enjoys jazz", &Slot{Subject: "alice", Predicate: "likes", Value: "jazz"}},
		{"Alice likes tea", &Slot{Subject: "alice", Predicate: "likes", Value: "tea"}},
		{"Alice went hiking", nil},
		{"ALICE WENT HIKING", nil},
	}
	for seed := range 300 {
		r := rand.New(rand.NewPCG(uint64(seed), 7))
		var in []Fact
		for n := range 1 + r.IntN(30) {
			c := texts[r.IntN(len(texts))]
			f := Fact{Text: c.text, Speaker: []string{"Alice", "Bob"}[r.IntN(2)], MessageIDs: []string{fmt.Sprint("m", n)}}
			if c.slot != nil {
				s := *c.slot
				f.Slot = &s
			}
			in = append(in, f)
		}
		want := naiveMerge(clone(in))
		got := mergeFacts(clone(in))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: merger\n%+v\npairwise\n%+v", seed, got, want)
		}
	}
}

func clone(facts []Fact) []Fact {
	out := make([]Fact, len(facts))
	for i, f := range facts {
		f.MessageIDs = append([]string(nil), f.MessageIDs...)
		out[i] = f
	}
	return out
}
