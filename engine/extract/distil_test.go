package extract

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestDistilOneTurn covers turns whose facts the rules once missed or ran together: a
// work in progress said in the progressive, a copula listing two states, a contrast with
// another subject, a household's "the kids", a plural identity, a second verb of a change,
// and corrections whose marker is a lead-in sentence or a star. The phrasing is invented
// here, apart from the golden fixtures.
func TestDistilOneTurn(t *testing.T) {
	at := time.Date(2025, 9, 3, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name, said string
		want       []string
	}{
		{"named book in progress", "I'm reading Middlemarch at the moment.", []string{"User is reading Middlemarch"}},
		{"named series, plural subject", "We're watching Severance together", []string{"User is watching Severance together"}},
		{"own long work in progress", "I'm writing my first novel.", []string{"User is writing User's first novel"}},
		{"a passing read stays out", "I'm reading the manual", nil},
		{"an unnamed book stays out", "I'm reading a book, it is gripping.", nil},
		{"praise of what was named is no fact", "I'm playing Hades, it's so addictive", []string{"User is playing Hades"}},
		{"a question whether it was told states it", "did I mention my uncle keeps bees?", []string{"User's uncle keeps bees"}},
		{"a question whether the listener knew states it", "Did you know I used to row in college?", []string{"User used to row in college"}},
		{"a question about a telling without a statement", "Did I tell you about the weekend?", nil},
		{"a passing show stays out", "I'm watching TV", nil},
		{"age and status listed", "I'm 41, divorced, and have a son.", []string{"User has a son", "User is 41 years old", "User is divorced"}},
		{"a place with its region stays whole", "I'm from Austin, Texas.", []string{"User is from Austin, Texas"}},
		{"contrast with another subject", "We're pescatarians, but the twins eat beef.",
			[]string{"User is pescatarian", "User's twins eat beef"}},
		{"plural subject owned by the speaker", "our kids play hockey", []string{"User's kids play hockey"}},
		{"a second change verb", "I sold my flat and bought a boat.", []string{"User bought a boat", "User sold User's flat"}},
		{"a correction led by its own sentence", "Oops, typo: it's Grendel, not Grendle.", []string{"User meant Grendel, not Grendle"}},
		{"a starred correction", "*Marguerite, sorry", []string{"User meant Marguerite"}},
		{"a declined day is the engagement's day", "Sorry, can't make it Tuesday, I've got a physio appointment.",
			[]string{"User has got a physio appointment on 2025-09-09"}},
		{"a pet's engagement keeps the speaker away", "I can't do tomorrow, the cat has a check-up",
			[]string{"User's cat has a check-up on 2025-09-04"}},
		{"a declined day without an engagement stays as said", "I can't make it on Friday, I'm swamped",
			[]string{"User cannot make it on 2025-09-05", "User is swamped"}},
		{"a family member's two changes", "My niece dropped out of law school and became a baker.",
			[]string{"User's niece dropped out of law school", "User's niece works as a baker"}},
		{"a liking after a changed opinion points back at its thing", "I've come around on mushrooms, I quite like them",
			[]string{"User has come around on mushrooms", "User quite likes mushrooms"}},
		{"a star inside a sentence corrects nothing", "I gave it 5* on the app store", []string{"User gave it 5* on the app store"}},
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

// TestNowTailDropped checks that a closing "right now" in its chat forms leaves the fact.
func TestNowTailDropped(t *testing.T) {
	for _, s := range []string{"User is reading Emma right now.", "User is reading Emma rn", "User is reading Emma, atm"} {
		if got := strings.TrimSpace(nowTailRe.ReplaceAllString(s, "")); strings.TrimRight(got, ".") != "User is reading Emma" {
			t.Errorf("%q: got %q", s, got)
		}
	}
}

// TestPreferredOfAKindIsOneState checks that a preference of one kind said as "prefers X
// as the Y", "preferred Y is X" or "favourite Y is X" fills one slot, so the restatement
// dedupes and a new choice of that kind replaces the old.
func TestPreferredOfAKindIsOneState(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"User prefers Helix as the text editor", "User's preferred text editor is Helix", true},
		{"User prefers Helix as the text editor", "User's favourite text editor is Helix", true},
		{"User's go-to text editor is Helix", "User prefers Helix as the text editor", true},
		{"User prefers Helix as the text editor", "User prefers Zed as the text editor", false},
		{"User prefers Helix as the text editor", "User's sister prefers Helix as the text editor", false},
	}
	for _, tc := range tests {
		sa, sb := SlotOf(tc.a), SlotOf(tc.b)
		if sa == nil || sb == nil {
			t.Errorf("%q / %q: no slot (%v, %v)", tc.a, tc.b, sa, sb)
			continue
		}
		if got := SameState(*sa, *sb); got != tc.same {
			t.Errorf("SameState(%q, %q) = %v, want %v (%+v, %+v)", tc.a, tc.b, got, tc.same, *sa, *sb)
		}
	}
	if s := SlotOf("User prefers Zed as the text editor"); s == nil || s.Value != "zed" || !isSingleValued(s.Predicate) {
		t.Errorf("a new preferred editor should fill the single-valued slot: %+v", s)
	}
}

// TestTripPlanHasASlot checks that a trip said in the progressive fills a slot that a
// later "instead of" names, while a plan to move house still fills none.
func TestTripPlanHasASlot(t *testing.T) {
	trip := SlotOf("User is travelling to Kyoto for the holidays")
	change := SlotOf("User is taking the ferry to Kyoto for the holidays instead of travelling to Kyoto")
	if trip == nil || trip.Value != "to kyoto" {
		t.Fatalf("trip slot: %+v", trip)
	}
	if change == nil || !replaces(*trip, *change) {
		t.Errorf("the change %+v should replace the trip %+v", change, trip)
	}
	if s := SlotOf("User is moving to Kyoto in March"); s != nil {
		t.Errorf("a planned move has no slot of its own: %+v", s)
	}
}

// TestHowADrinkIsTaken checks that the ways of taking a drink fill one slot per drink and
// person, and leave other drinks and other people alone.
func TestHowADrinkIsTaken(t *testing.T) {
	tests := []struct {
		a, b string
		same bool // one slot: a new value replaces the old
	}{
		{"User drinks User's tea black", "User takes honey in User's tea", true},
		{"User takes cream in User's coffee", "User drinks User's coffee strong", true},
		{"User drinks User's tea black", "User takes honey in User's coffee", false},
		{"User drinks User's tea black", "User's dad takes honey in his tea", false},
	}
	for _, tc := range tests {
		sa, sb := SlotOf(tc.a), SlotOf(tc.b)
		if sa == nil || sb == nil {
			t.Errorf("%q / %q: no slot (%v, %v)", tc.a, tc.b, sa, sb)
			continue
		}
		one := sa.Subject == sb.Subject && sa.Predicate == sb.Predicate && isSingleValued(sa.Predicate)
		if one != tc.same {
			t.Errorf("%q %+v / %q %+v: one slot = %v, want %v", tc.a, *sa, tc.b, *sb, one, tc.same)
		}
	}
}

// saidFacts returns the sorted texts of the facts the extractor distils from one
// user turn said at at.
func saidFacts(t *testing.T, x Extractor, said string, at time.Time) []string {
	t.Helper()
	got, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{ID: "m1", Role: "user", Content: said, CreatedAt: at}}})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, f := range got {
		texts = append(texts, f.Text)
	}
	sort.Strings(texts)
	return texts
}
