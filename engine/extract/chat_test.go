package extract

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestChatStatements covers how people state facts in quick chat: with the
// subject left out, as a restated correction, or as a state still ahead.
func TestChatStatements(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, said, want string
		slot             *Slot
		pending          bool
	}{
		{"a move without a subject", "moved to edinburgh last week lol", "User lives in edinburgh since the week of 2025-02-24",
			&Slot{"user", "lives_in", "edinburgh", ""}, false},
		{"a move said with 'also' is a move all the same", "I also moved to Berlin last week", "User lives in Berlin since the week of 2025-02-24",
			&Slot{"user", "lives_in", "berlin", ""}, false},
		{"an age without a subject", "Just turned 30 today!", "User is 30 years old since 2025-03-03", &Slot{"user", "age", "30", ""}, false},
		{"a new job without a subject", "Started a new job at N26 on Monday, backend engineer still.",
			"User works at N26, backend engineer still since 2025-03-03", &Slot{"user", "works_at", "n26", ""}, false},
		{"a parent named by the kin word", "mom moved to York.", "User's mom lives in York", &Slot{"user's mom", "lives_in", "york", ""}, false},
		{"a named person's contracted negation", "Ravi isn't vegetarian anymore.", "Ravi is not vegetarian anymore",
			&Slot{"ravi", "diet", "not vegetarian", ""}, false},
		{"an apology is no part of the fact", "Sorry, my cat is called Nilo, not Milo.", "User's cat is called Nilo, not Milo",
			&Slot{"user's cat", "name", "nilo", ""}, false},
		{"an age without apostrophe", "im 28 now", "User is 28 now", &Slot{"user", "age", "28", ""}, false},
		{"a negation without apostrophe", "i dont eat pork", "User does not eat pork", &Slot{"user", "eat", "not pork", ""}, false},
		{"a dropped subject before a named object and a comma", "Finished Dune, now reading Hyperion.", "User finished Dune, now reading Hyperion",
			&Slot{"user", "disposed", "dune", "dune"}, false},
		{"a dropped subject before a comma is none", "Tired, going to bed.", "", nil, false},
		{"a participle is no dropped subject", "Excited about the trip to Rome.", "", nil, false},
		{"an acknowledgement is no dropped subject", "Got it Nate, see you soon!", "", nil, false},
		{"a clause about the listener is no dropped subject", "Missed you so much!", "", nil, false},
		{"a verb spelled with -eed is no past", "Succeed at what matters most.", "", nil, false},
		{"a dropped subject before a real object", "Noticed some gains in strength and endurance.",
			"User noticed some gains in strength and endurance", nil, false},
		{"a statement said again as meant", "sorry, I meant the offsite is in Porto", "The offsite is in Porto",
			&Slot{"offsite", "located", "porto", ""}, false},
		{"an age still ahead", "I'm 40 next month.", "User is 40 years old from April 2025", nil, true},
		{"an age reached", "I turned 40 last month.", "User is 40 years old since February 2025", &Slot{"user", "age", "40", ""}, false},
		{"an emoticon is no part of the fact", "our cat Luna passed away last week :(", "User's cat Luna passed away in the week of 2025-02-24", nil, false},
		{"a move with an adverb before the verb", "We finally moved to Edinburgh last week", "User lives in Edinburgh since the week of 2025-02-24",
			&Slot{"user", "lives_in", "edinburgh", ""}, false},
		{"a chat 'ya' is a yes, not the listener", "ya i live in denver now", "User lives in denver now", &Slot{"user", "lives_in", "denver", ""}, false},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: tt.said, CreatedAt: at}}})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if len(fs) != 0 {
					t.Fatalf("got %q, want no fact", fs[0].Text)
				}
				return
			}
			if len(fs) != 1 {
				t.Fatalf("got %d facts (%v), want 1", len(fs), fs)
			}
			f := fs[0]
			if f.Text != tt.want || f.Pending != tt.pending {
				t.Errorf("got %q pending %v, want %q pending %v", f.Text, f.Pending, tt.want, tt.pending)
			}
			if tt.slot != nil && (f.Slot == nil || *f.Slot != *tt.slot) {
				t.Errorf("slot %+v, want %+v", f.Slot, tt.slot)
			}
		})
	}
}

// TestUpdateLead marks the statements after "Correction:" or "Update:" as current.
func TestUpdateLead(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		said    string
		current bool
	}{
		{"Correction: the API listens on port 8081.", true},
		{"Update: the staging DB runs on port 6543.", true},
		{"The API listens on port 8081.", false},
		{"Note: the API listens on port 8081.", false},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		fs, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: tt.said, CreatedAt: at}}})
		if err != nil || len(fs) != 1 {
			t.Fatalf("%q: %v facts, err %v", tt.said, fs, err)
		}
		if fs[0].Current != tt.current {
			t.Errorf("%q: Current %v, want %v", tt.said, fs[0].Current, tt.current)
		}
	}
}

// TestDroppedSubjectNeedsAStatement checks that a leading past verb gets the speaker as
// its subject only when the rest reads as what the speaker did.
func TestDroppedSubjectNeedsAStatement(t *testing.T) {
	for clause, want := range map[string]string{
		"moved to Porto last week":                  "I moved to Porto last week",
		"Just finished the first draft":             "I just finished the first draft",
		"Got it Nate":                               "Got it Nate", // an acknowledgement
		"missed you":                                "missed you",  // about the listener
		"had your loved ones celebrate with you":    "had your loved ones celebrate with you",
		"Determined I can be":                       "Determined I can be", // a subject of its own
		"Blessed we both have this mindset":         "Blessed we both have this mindset",
		"loved and supported has meant a lot to me": "loved and supported has meant a lot to me",
		"succeed must be fulfilling":                "succeed must be fulfilling", // no past form
		"agreed to lead the offsite":                "I agreed to lead the offsite",
		"Originally from Manila":                    "I am originally from Manila",
		"took me 3 tries":                           "took me 3 tries", // the speaker is the object
		"Not a fan of horror movies":                "I am not a fan of horror movies",
	} {
		if got := withDroppedSubject(clause); got != want {
			t.Errorf("withDroppedSubject(%q) = %q, want %q", clause, got, want)
		}
	}
}

// TestChatTurns checks turns that hold several facts: named relatives and children, a
// counted list after a colon, and an instruction's "you" read as the assistant.
func TestChatTurns(t *testing.T) {
	at := time.Date(2025, 3, 12, 18, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"My sister Priya just turned 30 and she's a nurse in Leeds.":        {"User's sister Priya is 30 years old", "User's sister Priya is a nurse in Leeds"},
		"Emma's 9 and Noah just turned 5":                                   {"Emma is 9 years old", "Noah is 5 years old"},
		"I've got three siblings: two older brothers and a younger sister.": {"User has got three siblings: two older brothers and a younger sister"},
		"Always run `make lint` before you push.":                           {"Always run `make lint` before Assistant pushes"},
		"Tom's 3 kids are cute":                                             nil,
		"yes, and from now on always open PRs as drafts.":                   {"Always open PRs as drafts"},
		"Not a fan of horror movies but my girlfriend loves them":           {"User is not a fan of horror movies"},
		"Let's go with option 2.":                                           nil,
		"yes please, and always put migrations in their own PR":             {"Always put migrations in their own PR"},
		"we ship it with Kustomize":                                         {"User ships it with Kustomize"},
		"Let's always squash before merging.":                               {"Always squash before merging"},
		"never use mocks for the db, use testcontainers instead":            {"Never use mocks for the db; use testcontainers instead"},
		"Feature branches should be named feat/<ticket> and merged into develop.": {"Feature branches should be named feat/<ticket>",
			"Feature branches should be merged into develop"},
	} {
		got := userFactTexts(t, x, at, said)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}

// TestAffectTail: how the speaker feels about what they said, tacked on after a comma,
// stays in the turn and out of the fact; a feeling that is the statement stays.
func TestAffectTail(t *testing.T) {
	at := time.Date(2025, 3, 12, 18, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"I just started a new job at Stripe as a backend engineer, pretty excited": {"User works at Stripe", "User works as a backend engineer"},
		"We adopted a beagle called Pepper, so happy!":                             {"User adopted a beagle called Pepper"},
		"I'm running the Berlin marathon in May, can't wait":                       {"User is running the Berlin marathon in May 2025"},
		"I'm nervous about the interview":                                          {"User is nervous about the interview"},
	} {
		got := userFactTexts(t, x, at, said)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}
