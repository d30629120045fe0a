package lexicon

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLoad(t *testing.T) {
	l, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"run"}, l.Bases("ran")); diff != "" {
		t.Errorf("Bases(ran) (-want +got):\n%s", diff)
	}
	car, ok := l.Stem("car")
	if !ok || car.Count == 0 || len(car.Syn) == 0 {
		t.Fatalf("Stem(car) = %+v, %v", car, ok)
	}
	auto, _ := l.Stem("automobil")
	if !shares(car.Syn, auto.Syn) {
		t.Errorf("car %v and automobile %v share no concept", car.Syn, auto.Syn)
	}
	for _, w := range []string{"restaurant", "icecream", "football"} {
		if !l.Word(w) {
			t.Errorf("Word(%q) = false", w)
		}
	}
	if l.Total() <= 0 {
		t.Errorf("Total() = %d", l.Total())
	}
}

func shares(a, b []int32) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
