package extract

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestChangedAmountReadAsState covers a change of amount told as an event (a dose
// raised, a charge put up by someone else) and a statement restated after "I meant",
// with a rejected value after it: each must give the state it leaves. The wording is
// invented here; the controls keep what the speaker set and a bare corrected value.
func TestChangedAmountReadAsState(t *testing.T) {
	at := time.Date(2025, 9, 3, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name, said string
		want       []string
	}{
		{"dose went down", "My prednisone dose went down to 5 mg.", []string{"User takes 5 mg of prednisone"}},
		{"dose raised by the doctor", "the doctor upped my gabapentin to 600 mg last week", []string{"User takes 600 mg of gabapentin"}},
		{"dose said as what one is on", "I'm on 10 mg of amlodipine", []string{"User takes 10 mg of amlodipine"}},
		{"charge raised by someone else", "the council raised the parking permit to $120 ugh", []string{"User's parking permit is $120"}},
		{"weight reached without a verb", "down to 82 kg since january!!", []string{"User weighs 82 kg"}},
		{"statement meant, value rejected, aside", "sorry i meant i work in Ghent, not Bruges, mixed them up",
			[]string{"User works in Ghent"}},
	}
	x := NewBuiltin()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, saidFacts(t, x, tc.said, at)); diff != "" {
				t.Errorf("%q: facts (-want +got):\n%s", tc.said, diff)
			}
		})
	}
}

// TestChangedAmountLeavesOthers keeps what changedAmount must not rewrite: what the
// speaker set (a setting, read elsewhere), and a clause with no amount.
func TestChangedAmountLeavesOthers(t *testing.T) {
	for _, c := range []string{
		"we raised the request timeout to 45 seconds",
		"I bumped the retry limit to 5",
		"they raised the alarm",
		"my rent is 900 a month",
		"down to 3 kids at home now",
		"the club raised the fee to 120",                 // a bare small number would read as an age
		"her landlord raised the rent to 2100",           // another's rent
		"their manager cut the budget to $5,000",         // another's budget
		"doc never raised my lexapro to 30 mg",           // denied
		"they haven't bumped my lexapro up to 30 mg yet", // not yet
		"if doc upped my gabapentin to 600 mg",           // supposed
		"finally up to 100 kg on deadlift",               // a lift
		"down to 20 kg of flour",                         // a load
		"up to 23 kg in checked luggage",                 // a bound
		"the ecb cut the deposit rate to 3.75%",          // an economy's rate
	} {
		if got := changedAmount(c); got != c {
			t.Errorf("%q rewritten as %q", c, got)
		}
	}
}
