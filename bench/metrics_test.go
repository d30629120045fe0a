package bench

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestScoreQuestion(t *testing.T) {
	hits := [][]string{{"a"}, {"x"}, {"b"}, {"y"}, {"c"}} // ranks 1..5
	tests := []struct {
		name     string
		evidence []string
		hits     [][]string
		k        int
		want     QuestionScore
	}{
		{"first hit at rank 1, all found", []string{"a", "b"}, hits, 3, QuestionScore{Recall: 1, Hit: true, RR: 1}},
		{"one of two within k", []string{"b", "c"}, hits, 3, QuestionScore{Recall: 0.5, Hit: true, RR: 1.0 / 3}},
		{"both within a larger k", []string{"b", "c"}, hits, 5, QuestionScore{Recall: 1, Hit: true, RR: 1.0 / 3}},
		{"beyond k is a miss", []string{"c"}, hits, 4, QuestionScore{}},
		{"never retrieved", []string{"z"}, hits, 10, QuestionScore{}},
		{"k larger than the hit list", []string{"y", "z", "w"}, hits, 100, QuestionScore{Recall: 1.0 / 3, Hit: true, RR: 0.25}},
		{"a fact citing several turns", []string{"p", "q", "r"}, [][]string{{"x"}, {"q", "p"}, {"r"}}, 2,
			QuestionScore{Recall: 2.0 / 3, Hit: true, RR: 0.5}},
		{"a turn cited twice counts once", []string{"a", "b"}, [][]string{{"a"}, {"a"}}, 2, QuestionScore{Recall: 0.5, Hit: true, RR: 1}},
		{"no hits", []string{"a"}, nil, 10, QuestionScore{}},
		{"no evidence", nil, hits, 10, QuestionScore{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ScoreQuestion(tt.evidence, tt.hits, tt.k)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestTally(t *testing.T) {
	var tl tally
	for _, s := range []QuestionScore{{Recall: 1, Hit: true, RR: 1}, {Recall: 0.5, Hit: true, RR: 0.25}, {}} {
		tl.add(s)
	}
	want := Scores{N: 3, Recall: 0.5, Hit: 0.6667, MRR: 0.4167}
	if diff := cmp.Diff(want, tl.scores()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := (&tally{}).scores(); got != (Scores{}) {
		t.Errorf("empty tally = %+v", got)
	}
}

func TestPercentile(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 200; i++ {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"p50 of 1..200", d, 50, 100 * time.Millisecond},
		{"p95 of 1..200", d, 95, 190 * time.Millisecond},
		{"p99 of 1..200", d, 99, 198 * time.Millisecond},
		{"p100", d, 100, 200 * time.Millisecond},
		{"p0 is the minimum", d, 0, time.Millisecond},
		{"single value", []time.Duration{7}, 99, 7},
		{"three values p50", []time.Duration{1, 2, 3}, 50, 2},
		{"empty", nil, 50, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percentile(tt.sorted, tt.p); got != tt.want {
				t.Errorf("Percentile(p%v) = %v, want %v", tt.p, got, tt.want)
			}
		})
	}
}

func TestSummarise(t *testing.T) {
	got := Summarise([]time.Duration{4 * time.Millisecond, time.Millisecond, 3 * time.Millisecond, 2 * time.Millisecond})
	want := Latency{N: 4, Mean: 2.5, P50: 2, P95: 4, P99: 4, Max: 4}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := Summarise(nil); got != (Latency{}) {
		t.Errorf("Summarise(nil) = %+v", got)
	}
}

func TestParseVmHWM(t *testing.T) {
	tests := []struct {
		name, status string
		want         int64
		ok           bool
	}{
		{"usual", "Name:\tmemsvc\nVmPeak:\t  900000 kB\nVmHWM:\t  215040 kB\nVmRSS:\t 100 kB\n", 215040 << 10, true},
		{"missing", "Name:\tmemsvc\n", 0, false},
		{"odd unit", "VmHWM:\t 12 MB\n", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseVmHWM([]byte(tt.status))
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("parseVmHWM = %d, %v; want %d, ok %v", got, err, tt.want, tt.ok)
			}
		})
	}
}
