package extract

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestLookalikeStatementsNoState: said things that only look like a state (a percent, a
// year or a "9 to 5" one is "back to", a "took me off" by no clinician) give no fact of
// that state; the real ones beside them still do.
func TestLookalikeStatementsNoState(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct{ said, never, want string }{
		{"I'm back to 100% after the flu.", "back to", ""},
		{"Back to 9 to 5 life next week.", "User is back", ""},
		{"Back to 2019 when I lived in Berlin.", "User is back", ""},
		{"That took me off guard.", "stopped taking", ""},
		{"The news took me off balance.", "stopped taking", ""},
		{"They took me off payroll.", "stopped taking", ""},
		{"My boss took me off nights.", "stopped taking", ""},
		{"I'm back to 6 hours a night.", "", "back to 6 hours"},
		{"Back down to 15 miles a week.", "", "back down to 15 miles"},
		{"My GP took me off metformin.", "", "stopped taking metformin"},
		{"My cardiologist took me off statins.", "", "stopped taking statins"},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		fs, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: tt.said, CreatedAt: at}}})
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, f := range fs {
			texts = append(texts, f.Text)
		}
		all := strings.Join(texts, " | ")
		if tt.never != "" && strings.Contains(all, tt.never) {
			t.Errorf("%q: got %q, want none saying %q", tt.said, all, tt.never)
		}
		if tt.want != "" && !strings.Contains(all, tt.want) {
			t.Errorf("%q: got %q, want one saying %q", tt.said, all, tt.want)
		}
	}
}

// TestContradictsLookalikes reads both facts' slots (SlotOf) and asks Contradicts: another
// owner's new thing, studying for a test somewhere, a job grade, a first year at a firm and
// a training are no change of the user's own state; the real changes beside them are.
func TestContradictsLookalikes(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"another owner's new laptop", "User uses a Dell XPS laptop", "User's sister's new laptop is a MacBook Air", false},
		{"another owner's new car", "User has a red car", "User's neighbour's new car is a Tesla", false},
		{"another owner's new bike", "User rides a Trek bike", "User's son's new bike is a Specialized", false},
		{"one's own new laptop", "User uses a Dell XPS laptop", "User's new laptop is a MacBook Air", true},
		{"studying for exams at a cafe", "User studies at MIT", "User is studying for User's exams at Starbucks", false},
		{"studying for the bar at home", "User studies at MIT", "User is studying for the bar at Home", false},
		{"studying a subject elsewhere", "User studies at MIT", "User is studying economics at Harvard", true},
		{"studying for a degree elsewhere", "User studies at MIT", "User is studying for a master's in law at Harvard", true},
		{"a senior at a firm", "User studies at MIT", "User is a senior at Deloitte now", false},
		{"a senior at a university", "User studies at MIT", "User is a senior at Boston University", true},
		{"a first year at a firm", "User is in User's second year of college", "User is in User's first year at Google", false},
		{"a sophomore after a freshman", "User is a freshman at Rice", "User is a sophomore at Rice now", true},
		{"a nurse by training", "User works as a plumber", "User is a nurse by training", false},
		{"a nurse by trade", "User works as a plumber", "User is a nurse by trade", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, n := SlotOf(tt.old), SlotOf(tt.new)
			got := o != nil && n != nil && Contradicts(*o, *n)
			if got != tt.want {
				t.Errorf("Contradicts(%+v, %+v) = %v, want %v", o, n, got, tt.want)
			}
		})
	}
}

// TestAmountIsNoWorkplace: "I'm at 90k now" tells an amount reached, not where the
// speaker works; a capitalised name after "at … now" still is one.
func TestAmountIsNoWorkplace(t *testing.T) {
	for _, said := range []string{"User is at 90k now", "User is at $4,000 now", "User is at 35% now"} {
		if s := SlotOf(said); s != nil && s.Predicate == "works_at" {
			t.Errorf("%q read as a workplace: %+v", said, s)
		}
	}
	if s := SlotOf("User is at Siemens now"); s == nil || s.Predicate != "works_at" {
		t.Errorf("\"User is at Siemens now\" not read as a workplace: %+v", s)
	}
}
