package extract

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

var refTime = time.Date(2024, 5, 8, 15, 0, 0, 0, time.UTC)

func TestBuiltinName(t *testing.T) {
	if got := NewBuiltin().Name(); got != "builtin-rules-v1" {
		t.Errorf("Name() = %q", got)
	}
}

func TestExtractProvenance(t *testing.T) {
	long := "I live in Paris and " + strings.Repeat("I really enjoy long walks along the river in the evening light ", 5)
	tests := []struct {
		name string
		req  Request
		want []Fact
	}{
		{
			name: "ids, excerpt, speaker and message time",
			req: Request{Now: refTime, Messages: []Message{
				{ID: "m7", Role: "user", Name: "Alice", Content: "Hi! I moved to Paris.", CreatedAt: refTime.Add(-time.Hour)},
			}},
			want: []Fact{{Text: "Alice lives in Paris", Speaker: "Alice", MessageIDs: []string{"m7"}, Excerpt: "I moved to Paris.",
				ValidFrom: refTime.Add(-time.Hour), Kind: KindSemantic, Slot: &Slot{"alice", "lives_in", "paris", ""}}},
		},
		{
			name: "the same fact twice is merged with both ids",
			req: Request{Now: refTime, Messages: []Message{
				{ID: "a", Role: "user", Content: "I'm vegan."},
				{ID: "b", Role: "user", Content: "Like I said, I'm vegan!"},
			}},
			want: []Fact{{Text: "User is vegan", Speaker: "User", MessageIDs: []string{"a", "b"}, Excerpt: "I'm vegan.",
				ValidFrom: refTime, Kind: KindSemantic, Slot: &Slot{"user", "diet", "vegan", ""}}},
		},
		{
			name: "agent memory makes procedural facts from every role",
			req: Request{Now: refTime, AgentMemory: true, Messages: []Message{
				{ID: "s", Role: "system", Content: "Always answer in British English."},
			}},
			want: []Fact{{Text: "Always answer in British English", Speaker: "System", MessageIDs: []string{"s"},
				Excerpt: "Always answer in British English.", ValidFrom: refTime, Kind: KindProcedural}},
		},
		{
			name: "unknown roles and tool output are ignored",
			req: Request{Now: refTime, Messages: []Message{
				{Role: "tool", Content: "I live in Paris."},
				{Role: "assistant", Content: "I live in the cloud."},
			}},
			want: nil,
		},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := x.Extract(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Extract (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("excerpt is trimmed to 200 characters", func(t *testing.T) {
		got, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: long}}})
		if err != nil || len(got) == 0 {
			t.Fatalf("got %v, %v", got, err)
		}
		for _, f := range got {
			if n := utf8.RuneCountInString(f.Excerpt); n > 200 {
				t.Errorf("excerpt has %d characters: %q", n, f.Excerpt)
			}
		}
	})
}

func TestExtractCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewBuiltin().Extract(ctx, Request{Messages: []Message{{Role: "user", Content: "I live in Paris."}}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestExtractConcurrent(t *testing.T) {
	x := NewBuiltin()
	req := Request{Now: refTime, Messages: []Message{{Role: "user", Content: "I moved to Berlin last week and I love it."}}}
	want, _ := x.Extract(context.Background(), req)
	done := make(chan []Fact)
	for range 4 {
		go func() {
			got, _ := x.Extract(context.Background(), req)
			done <- got
		}()
	}
	for range 4 {
		if diff := cmp.Diff(want, <-done); diff != "" {
			t.Errorf("concurrent Extract differs (-want +got):\n%s", diff)
		}
	}
}

// FuzzExtract checks that no input makes the extractor panic or write facts without text.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"I moved to Paris two days ago.", "Yesterday", "on on on Monday", "I'm", "my my my", "```", "$ ls\n",
		"I'm 34, a , and I", "from May 20 to May 27 and June 3", "DATEREF", "I DATEREF moved", "Mr. . . ?!",
		"I love it, and it, and them", "We got a puppy! His name is", "i", "In 2015, since 2015",
		"Emma's 9 and Noah just turned", "my sister Priya and she's", "Jake told me he's", ":( <3 xD",
		"three siblings: two", "don't; instead", "X should be named and merged", "force-", "Let's",
	} {
		f.Add(s)
	}
	x := NewBuiltin()
	f.Fuzz(func(t *testing.T, s string) {
		facts, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: s}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, fact := range facts {
			if strings.TrimSpace(fact.Text) == "" || strings.Contains(fact.Text, dateMark) {
				t.Fatalf("bad fact %+v from %q", fact, s)
			}
		}
	})
}

func BenchmarkNewBuiltin(b *testing.B) {
	for b.Loop() {
		NewBuiltin()
	}
}

// BenchmarkExtractExchange measures a typical two-message exchange: a user turn with a
// relocation, a job and a relative date, and an assistant reply.
func BenchmarkExtractExchange(b *testing.B) {
	x := NewBuiltin()
	req := Request{Now: refTime, Messages: []Message{
		{ID: "m1", Role: "user", Content: "Hi! I moved to Berlin two weeks ago and I started a new job at Zalando as a data engineer. I don't eat meat, by the way. Any restaurant tips?"},
		{ID: "m2", Role: "assistant", Content: "Congratulations on the move! Berlin has great vegetarian food. Here are a few places to try: Lucky Leek, Kopps and Cookies Cream. Let me know if you want more."},
	}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := x.Extract(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtractFixtures runs the extractor over every golden fixture per iteration and
// reports the mean time per exchange (one fixture).
func BenchmarkExtractFixtures(b *testing.B) {
	x := NewBuiltin()
	var reqs []Request
	for _, dir := range []string{"conversations", "coding", "coding_heldout"} {
		for _, f := range loadFixtures(b, dir) {
			reqs = append(reqs, f.request())
		}
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range reqs {
			if _, err := x.Extract(ctx, r); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(reqs)), "ns/exchange")
}

// Date phrases next to each other are rewritten whole: no panic, no half-replaced words.
func TestExtractAdjacentDates(t *testing.T) {
	x := NewBuiltin()
	for _, tt := range []struct{ content, want string }{
		{"I moved to Lisbon yesterday 3rd of June 2023 next week", "2023-06-03"},
		{"I flew to Rome yesterday 2023-06-03 this morning", "2023-06-03"},
		{"I moved to Lisbon on Monday, May 25, 2022.", "2022-05-25"},
	} {
		got, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.content}}})
		if err != nil || len(got) == 0 {
			t.Fatalf("%q: %v, %v", tt.content, got, err)
		}
		if !strings.Contains(got[0].Text, tt.want) || strings.Contains(got[0].Text, "ing") {
			t.Errorf("%q → %q, want the date %s and no word remnants", tt.content, got[0].Text, tt.want)
		}
	}
}

// TestTwoWordChoiceRules: a terse standing rule that picks a thing ("Use
// Zustand.") is a procedural fact, as an agent's two-word note is; a
// two-word one-off request ("Run tests.") and chat ("Sounds good.") give none.
func TestTwoWordChoiceRules(t *testing.T) {
	x := NewBuiltin()
	for text, want := range map[string]string{
		"Use Zustand.": "Use Zustand", "Prefer tabs.": "Prefer tabs",
		"Run tests.": "", "Try again.": "", "Sounds good.": "", "Use it.": "",
	} {
		facts, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: text}}})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if len(facts) > 0 {
			got = facts[0].Text
			if facts[0].Kind != KindProcedural {
				t.Errorf("%q: kind %q, want procedural", text, facts[0].Kind)
			}
		}
		if got != want || len(facts) > 1 {
			t.Errorf("%q: facts %+v, want %q", text, facts, want)
		}
	}
}

// TestNeverBeforeAVerb: "never" before a verb already says what not to do
// and is kept as said; "Avoid" is for a prohibition without its verb.
func TestNeverBeforeAVerb(t *testing.T) {
	x := NewBuiltin()
	for text, want := range map[string]string{
		"Plan with care, never apply locally.":                      "Never apply locally",
		"Pin module versions, never point a module source at main.": "Never point a module source at main",
		"Always use pnpm, never npm or yarn.":                       "Avoid npm or yarn",
	} {
		facts, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: text}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range facts {
			got = append(got, f.Text)
		}
		if !slices.Contains(got, want) {
			t.Errorf("%q: facts %q, want %q among them", text, got, want)
		}
	}
}

// A sentence that opens by taking back what was said states a correction: its facts
// are Current, so they replace the value they differ from.
func TestRetractionIsCurrent(t *testing.T) {
	for _, tt := range []struct {
		said    string
		current bool
	}{
		{"scratch that, it's amoxicillin I'm allergic to, not penicillin.", true},
		{"Sorry, I meant my flight is on Friday.", true},
		{"I'm allergic to amoxicillin.", false},
	} {
		fs, err := NewBuiltin().Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) == 0 {
			t.Fatalf("%q gave no fact", tt.said)
		}
		for _, f := range fs {
			if f.Current != tt.current {
				t.Errorf("%q: %q Current = %v, want %v", tt.said, f.Text, f.Current, tt.current)
			}
		}
	}
}
