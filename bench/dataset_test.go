package bench

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func loadFixture(t *testing.T) *Dataset {
	t.Helper()
	ds, err := Load(filepath.Join("testdata", "locomo-mini.json"), FormatLoCoMo)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestParseLoCoMoFixture(t *testing.T) {
	ds := loadFixture(t)
	if len(ds.Conversations) != 2 || ds.TurnCount() != 29 {
		t.Fatalf("conversations %d, turns %d; want 2 and 29", len(ds.Conversations), ds.TurnCount())
	}
	a := ds.Conversations[0]
	if a.ID != "mini-1" || !cmp.Equal(a.Speakers, []string{"Ada", "Ben"}) || len(a.Sessions) != 2 {
		t.Errorf("first conversation: id %q speakers %v sessions %d", a.ID, a.Speakers, len(a.Sessions))
	}
	if want := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC); !a.Sessions[0].Time.Equal(want) || !a.Sessions[0].Turns[0].Time.Equal(want) {
		t.Errorf("session 1 time %v, turn time %v, want %v", a.Sessions[0].Time, a.Sessions[0].Turns[0].Time, want)
	}
	photo := a.Sessions[1].Turns[1]
	if want := "Oh wow, congratulations! Here's my new practice corner. [shares a photo: a saxophone on a stand next to a window with plants]"; photo.Content() != want {
		t.Errorf("caption turn content = %q, want %q", photo.Content(), want)
	}
	type q struct {
		Text     string
		Answer   string
		Category int
		Evidence []string
	}
	var got []q
	for _, c := range ds.Conversations {
		for _, x := range c.Questions {
			got = append(got, q{x.Text, x.Answer, x.Category, x.Evidence})
		}
	}
	want := []q{
		{"What instrument did Ada buy?", "saxophone", 1, []string{"D1:3"}},
		{"When did Ada paint a sunrise?", "2022", 2, []string{"D1:5"}},
		{"Why might Ben have adopted a dog?", "He volunteers at an animal shelter", 3, []string{"D1:2", "D2:1"}},
		{"What is the name of Ben's dog?", "Biscuit", 4, []string{"D2:1"}},
		{"What instrument did Ben buy?", "", 5, []string{"D1:3"}},
		{"What does Ben's cousin play?", "jazz trumpet", 4, nil},
		{"What race is Dev training for?", "the Lisbon marathon", 1, []string{"D1:2", "D1:4"}},
		{"When did Cleo start baking again?", "January 2022", 2, []string{"D2:4"}},
		{"What is Dev's favourite food?", "unknown", 4, nil},
		{"What is Cleo's sourdough starter called?", "Gerald", 4, []string{"D1:5"}},
		{"What did Cleo share a photo of?", "a loaf of bread with a golden crust", 3, []string{"D2:2"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("questions (-want +got):\n%s", diff)
	}
	stats := ds.EvidenceStats(0)
	wantStats := EvidenceStats{Entries: 11, IDs: 11, Normalised: 2, Split: 2, Malformed: 1, Unknown: 1}
	if diff := cmp.Diff(wantStats, stats); diff != "" {
		t.Errorf("evidence stats (-want +got):\n%s", diff)
	}
	if n := len(ds.EvidenceStats(20).Examples); n != 6 {
		t.Errorf("%d evidence examples, want one per repaired or skipped entry (6)", n)
	}
}

func TestEvidenceResolve(t *testing.T) {
	conv := &Conversation{ID: "c", Sessions: []Session{{Number: 1, Turns: []Turn{{ID: "D1:1"}, {ID: "D1:2"}, {ID: "D1:10"}}},
		{Number: 2, Turns: []Turn{{ID: "D2:5"}, {ID: "note"}}}}}
	tests := []struct {
		name string
		raw  []string
		want []string
		// counts: normalised, split, malformed, unknown
		stats [4]int
	}{
		{"exact ids", []string{"D1:1", "D2:5"}, []string{"D1:1", "D2:5"}, [4]int{}},
		{"exact non-pattern id", []string{"note"}, []string{"note"}, [4]int{}},
		{"duplicates collapse", []string{"D1:1", " D1:1 "}, []string{"D1:1"}, [4]int{}},
		{"bare letter", []string{"D"}, nil, [4]int{0, 0, 1, 0}},
		{"empty string", []string{""}, nil, [4]int{0, 0, 1, 0}},
		{"space separated", []string{"D1:1 D1:2"}, []string{"D1:1", "D1:2"}, [4]int{0, 1, 0, 0}},
		{"semicolon separated", []string{"D1:10; D2:5"}, []string{"D1:10", "D2:5"}, [4]int{0, 1, 0, 0}},
		{"comma without space", []string{"D1:1,D1:2"}, []string{"D1:1", "D1:2"}, [4]int{0, 1, 0, 0}},
		{"colon after prefix", []string{"D:1:10"}, []string{"D1:10"}, [4]int{1, 0, 0, 0}},
		{"inner spaces", []string{"D 2 : 5"}, []string{"D2:5"}, [4]int{1, 0, 0, 0}},
		{"leading zero and lower case", []string{"d1:02"}, []string{"D1:2"}, [4]int{1, 0, 0, 0}},
		{"unknown turn", []string{"D9:9"}, nil, [4]int{0, 0, 0, 1}},
		{"one known one unknown", []string{"D1:1;D7:1"}, []string{"D1:1"}, [4]int{0, 1, 0, 1}},
		{"prefix only 10 not 1", []string{"D1:1 0"}, []string{"D1:1"}, [4]int{0, 1, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv.Evidence = EvidenceStats{}
			got := newEvidenceResolver(conv).resolve("q", tt.raw)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			s := conv.Evidence
			if gotStats := [4]int{s.Normalised, s.Split, s.Malformed, s.Unknown}; gotStats != tt.stats {
				t.Errorf("normalised/split/malformed/unknown = %v, want %v", gotStats, tt.stats)
			}
			if s.Entries != len(tt.raw) || s.IDs != len(tt.want) {
				t.Errorf("entries %d ids %d, want %d and %d", s.Entries, s.IDs, len(tt.raw), len(tt.want))
			}
		})
	}
}

func TestRawEvidenceShapes(t *testing.T) {
	tests := []struct {
		name, json string
		want       []string
	}{
		{"list", `["D1:1","D1:2"]`, []string{"D1:1", "D1:2"}},
		{"single string", `"D1:1"`, []string{"D1:1"}},
		{"nested and numbers", `[["D1:1"], 3, null]`, []string{"D1:1", "3"}},
		{"null", `null`, nil},
		{"absent", ``, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, rawEvidence([]byte(tt.json))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTime(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"1:56 pm on 8 May, 2023", time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC), true},
		{"12:48 am on 1 February, 2023", time.Date(2023, 2, 1, 0, 48, 0, 0, time.UTC), true},
		{"10:04 AM on 20 January, 2023", time.Date(2023, 1, 20, 10, 4, 0, 0, time.UTC), true},
		{"29.12.2023, 00:51:12", time.Date(2023, 12, 29, 0, 51, 12, 0, time.UTC), true},
		{"2024-03-01T10:00:00Z", time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC), true},
		{"yesterday-ish", time.Time{}, false},
		{"", time.Time{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := parseTime(tt.in)
			if ok != tt.ok || !got.Equal(tt.want) {
				t.Errorf("parseTime(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestLoadRealTalk(t *testing.T) {
	check := func(t *testing.T, ds *Dataset, wantID string) {
		t.Helper()
		if len(ds.Conversations) != 1 {
			t.Fatalf("%d conversations, want 1", len(ds.Conversations))
		}
		c := ds.Conversations[0]
		if c.ID != wantID || !cmp.Equal(c.Speakers, []string{"Eli", "Fay"}) || ds.TurnCount() != 5 {
			t.Errorf("id %q speakers %v turns %d", c.ID, c.Speakers, ds.TurnCount())
		}
		turns := append(c.Sessions[0].Turns, c.Sessions[1].Turns...)
		if turns[2].Text != "Which trail did you take?" {
			t.Errorf("turn without clean_text: text %q, want the text field", turns[2].Text)
		}
		if want := time.Date(2023, 12, 29, 0, 55, 40, 0, time.UTC); !turns[1].Time.Equal(want) {
			t.Errorf("turn time %v, want its own date_time %v", turns[1].Time, want)
		}
		if want := time.Date(2023, 12, 30, 19, 2, 0, 0, time.UTC); !turns[3].Time.Equal(want) || !turns[4].Time.Equal(want) {
			t.Errorf("turns without a readable date_time: %v, %v; want the session's %v", turns[3].Time, turns[4].Time, want)
		}
		if c.UnparsedTimes != 1 {
			t.Errorf("unparsed times %d, want 1", c.UnparsedTimes)
		}
		if turns[3].Caption != "a snowy mountain trail at dawn" {
			t.Errorf("caption %q", turns[3].Caption)
		}
		var ev [][]string
		for _, q := range c.Questions {
			ev = append(ev, q.Evidence)
		}
		if diff := cmp.Diff([][]string{{"D1:2", "D2:2"}, {"D1:1"}, {"D2:1"}}, ev); diff != "" {
			t.Errorf("evidence (-want +got):\n%s", diff)
		}
	}
	t.Run("file", func(t *testing.T) {
		ds, err := Load(filepath.Join("testdata", "realtalk-mini.json"), FormatRealTalk)
		if err != nil {
			t.Fatal(err)
		}
		check(t, ds, "realtalk-mini")
	})
	t.Run("directory", func(t *testing.T) {
		dir := t.TempDir()
		b, err := os.ReadFile(filepath.Join("testdata", "realtalk-mini.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "Chat_1_Eli_Fay.json"), b, 0o600); err != nil {
			t.Fatal(err)
		}
		ds, err := Load(dir, FormatRealTalk)
		if err != nil {
			t.Fatal(err)
		}
		check(t, ds, "Chat_1_Eli_Fay")
	})
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, path, format string
	}{
		{"missing file", filepath.Join(dir, "nope.json"), FormatLoCoMo},
		{"not JSON", write("bad.json", "{nope"), FormatLoCoMo},
		{"no conversation object", write("noconv.json", `[{"sample_id":"x","qa":[]}]`), FormatLoCoMo},
		{"session not a list", write("badsession.json", `[{"conversation":{"session_1":"hello"}}]`), FormatLoCoMo},
		{"unknown format", write("ok.json", `[]`), "msc"},
		{"empty directory", t.TempDir(), FormatRealTalk},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Load(tt.path, tt.format); err == nil {
				t.Error("want an error")
			}
		})
	}
}

func TestUniqueIDs(t *testing.T) {
	convs := []Conversation{{ID: "a"}, {ID: ""}, {ID: "a"}, {ID: "a"}}
	uniqueIDs(convs)
	var got []string
	for _, c := range convs {
		got = append(got, c.ID)
	}
	if diff := cmp.Diff([]string{"a", "conversation-2", "a-2", "a-3"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
