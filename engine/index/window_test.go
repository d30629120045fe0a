package index

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// firstByFilter is what FirstSaidIn replaces: a Filter counting each window
// in turn.
func firstByFilter(s *Shard, windows []Window, keep func(*Row) bool) int {
	for j, w := range windows {
		total, _ := s.Filter(func(r *Row) bool { return w.holds(r.ValidFrom) && (keep == nil || keep(r)) }, 0, 0)
		if total > 0 {
			return j
		}
	}
	return -1
}

func TestFirstSaidIn(t *testing.T) {
	base := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	day := func(d int) time.Time { return base.AddDate(0, 0, d) }
	s := NewShard(2)
	for i, d := range []int{-400, 10, 40, 41, 200, 365, 700} {
		s.Upsert(Row{ID: fmt.Sprintf("m%d", i), ValidFrom: day(d), Episode: d == 40}, nil, nil)
	}
	notEpisode := func(r *Row) bool { return !r.Episode }
	// Years back from 2021: the windows a month named without a year gives.
	january := func(years int) []Window {
		var ws []Window
		for y := range years {
			ws = append(ws, Window{From: time.Date(2021-y, 1, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2021-y, 2, 1, 0, 0, 0, 0, time.UTC)})
		}
		return ws
	}
	cases := []struct {
		name    string
		windows []Window
		keep    func(*Row) bool
		want    int
	}{
		{"none", nil, nil, -1},
		{"the year before", january(3), nil, 1},
		{"a year back", []Window{{day(100), day(150)}, {day(0), day(31)}}, nil, 1},
		{"none holds", january(1), nil, -1},
		{"end excluded", []Window{{day(11), day(40)}, {day(40), day(41)}}, nil, 1},
		{"start included", []Window{{day(41), day(42)}}, nil, 0},
		{"kept only", []Window{{day(40), day(41)}, {day(-500), day(-300)}}, notEpisode, 1},
		{"empty window", []Window{{day(10), day(10)}}, nil, -1},
		{"overlapping", []Window{{day(300), day(400)}, {day(0), day(1000)}, {day(35), day(45)}}, nil, 0},
		{"wide first", []Window{{day(500), day(600)}, {day(-1000), day(1000)}, {day(35), day(45)}}, nil, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := s.FirstSaidIn(c.windows, c.keep); got != c.want {
				t.Errorf("FirstSaidIn = %d, want %d", got, c.want)
			}
			if got := firstByFilter(s, c.windows, c.keep); got != c.want {
				t.Errorf("by Filter = %d, want %d (the case is wrong)", got, c.want)
			}
		})
	}
}

// TestFirstSaidInAsFilter compares FirstSaidIn with Filter over random
// rows and windows, overlapping or not.
func TestFirstSaidInAsFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func() time.Time { return base.Add(time.Duration(rng.IntN(1000)) * time.Hour) }
	for round := range 300 {
		s := NewShard(2)
		for i := range rng.IntN(40) {
			s.Upsert(Row{ID: fmt.Sprintf("m%d", i), ValidFrom: at(), Episode: rng.IntN(3) == 0}, nil, nil)
		}
		windows := make([]Window, rng.IntN(8))
		for j := range windows {
			from := at()
			windows[j] = Window{From: from, To: from.Add(time.Duration(rng.IntN(200)) * time.Hour)}
		}
		keep := func(r *Row) bool { return !r.Episode }
		if round%2 == 0 {
			keep = nil
		}
		if got, want := s.FirstSaidIn(windows, keep), firstByFilter(s, windows, keep); got != want {
			t.Fatalf("round %d: FirstSaidIn = %d, Filter's = %d (windows %v)", round, got, want, windows)
		}
	}
}

// BenchmarkFirstSaidIn times a month named without a year looked for in
// 31 years of 100,000 memories said in none of them (the most work: every
// window tried), by FirstSaidIn and by the Filter a year it replaces, in
// ns a row of the 31 years' looking.
//
//	go test -run '^$' -bench FirstSaidIn ./engine/index/
func BenchmarkFirstSaidIn(b *testing.B) {
	const n = 100_000
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s := NewShard(2)
	for i := range n { // said over the last 200 days, none in a March
		s.Upsert(Row{ID: fmt.Sprintf("m%06d", i), CreatedAt: now.Add(-time.Duration(i) * time.Minute),
			ValidFrom: now.Add(-time.Duration(i%200) * 24 * time.Hour)}, nil, nil)
	}
	var march []Window
	for y := range 31 {
		march = append(march, Window{From: time.Date(2026-y, 3, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026-y, 4, 1, 0, 0, 0, 0, time.UTC)})
	}
	keep := func(r *Row) bool { return !r.Episode }
	for _, c := range []struct {
		name  string
		first func() int
	}{
		{"one pass", func() int { return s.FirstSaidIn(march, keep) }},
		{"filter a year", func() int { return firstByFilter(s, march, keep) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if c.first() != -1 {
					b.Fatal("a March found")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/row")
		})
	}
}
