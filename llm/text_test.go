package llm

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTokenize(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string
	}{
		{"plain", "Hello, World!", []string{"hello", "world"}},
		{"contractions", "I don't think she'll go; they're here", []string{"i", "do", "not", "think", "she", "go", "they", "here"}},
		{"won't and can't", "won't can't", []string{"will", "not", "can", "not"}},
		{"possessive", "Anna's cat and the dogs' bowls", []string{"anna", "cat", "and", "the", "dogs", "bowls"}},
		{"curly apostrophe", "Anna’s café", []string{"anna", "cafe"}},
		{"diacritics", "naïve résumé Zürich", []string{"naive", "resume", "zurich"}},
		{"hyphen", "e-mail a well-known T-shirt", []string{"e", "mail", "a", "well", "known", "t", "shirt"}},
		{"numbers", "3 reports by 2024-05-01 at 10:30", []string{"3", "reports", "by", "2024", "05", "01", "at", "10", "30"}},
		{"o'clock", "at five o'clock", []string{"at", "five", "oclock"}},
		{"non-latin", "東京 Москва", []string{"東京", "москва"}},
		{"empty", "  \n\t ", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, tok := range tokenize(tc.in) {
				got = append(got, tok.word)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("tokenize(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestTokenFlags(t *testing.T) {
	toks := tokenize("Alice e-mailed Bob. Then")
	want := []token{{word: "alice", capital: true, initial: true, title: true}, {word: "e", hyphen: true},
		{word: "mailed"}, {word: "bob", capital: true, title: true, pause: true},
		{word: "then", capital: true, initial: true, title: true, pause: true}}
	if diff := cmp.Diff(want, toks, cmp.AllowUnexported(token{})); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
}

func TestTokenContext(t *testing.T) {
	type flags struct {
		Word                     string
		Title, Label, Pause, Ask bool
	}
	cases := []struct {
		name string
		in   string
		want []flags
	}{
		{"speaker label", "Anna: see you", []flags{{"anna", true, true, true, false}, {Word: "see"}, {"you", false, false, true, false}}},
		{"two-word label", "Mary Ann: hi", []flags{{"mary", true, true, false, false}, {"ann", true, true, true, false}, {"hi", false, false, true, false}}},
		{"not a label: lower case", "note: buy milk", []flags{{"note", false, false, true, false}, {Word: "buy"}, {"milk", false, false, true, false}}},
		{"not a label: a time", "At 10:30 ok", []flags{{"at", true, false, false, false}, {"10", false, false, true, false}, {Word: "30"}, {"ok", false, false, true, false}}},
		{"acronym is not title case", "LGBTQ and YouTube, Bob", []flags{{Word: "lgbtq"}, {Word: "and"}, {"youtube", false, false, true, false}, {"bob", true, false, true, false}}},
		{"question sentence", "I went. Did you?", []flags{{Word: "i", Title: true}, {"went", false, false, true, false}, {"did", true, false, false, true}, {"you", false, false, true, true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []flags
			for _, tok := range tokenize(tc.in) {
				got = append(got, flags{tok.word, tok.title, tok.label, tok.pause, tok.ask})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("tokenize(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestVocative(t *testing.T) {
	an, err := newAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, text string
		word       string
		want       bool
	}{
		{"after thanks and comma", "Thanks, Anna!", "anna", true},
		{"after greeting", "Hey Anna how are you", "anna", true},
		{"opening a sentence", "Anna, look at this.", "anna", true},
		{"closing a sentence", "That looks great, Anna.", "anna", true},
		{"subject", "Anna went to Paris.", "anna", false},
		{"object", "I met Anna at the gym.", "anna", false},
		{"in a list", "with Anna, Bob and Tim", "anna", false},
		{"speaker label", "Anna: see you", "anna", false},
		{"common word opening a sentence", "Yesterday, we left.", "yesterday", false},
		{"lower case", "thanks, anna!", "anna", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, tm := range an.analyze(tc.text) {
				if tm.word == tc.word {
					if tm.voc != tc.want {
						t.Errorf("vocative(%q in %q) = %v, want %v", tc.word, tc.text, tm.voc, tc.want)
					}
					return
				}
			}
			t.Fatalf("no %q in %q", tc.word, tc.text)
		})
	}
}

func TestAnalyzer(t *testing.T) {
	an, err := newAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		word      string
		stem, alt string
		stop      bool
	}{
		{"running", "run", "", false},
		{"ran", "run", "", false},
		{"children", "child", "", false},
		{"saw", "see", "saw", false},
		{"the", "the", "", true},
		{"Paris", "pari", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.word, func(t *testing.T) {
			got := an.analyze(tc.word)
			if len(got) != 1 {
				t.Fatalf("got %d terms", len(got))
			}
			if got[0].stem != tc.stem || got[0].alt != tc.alt || got[0].stop != tc.stop {
				t.Errorf("stem %q alt %q stop %v, want %q %q %v", got[0].stem, got[0].alt, got[0].stop, tc.stem, tc.alt, tc.stop)
			}
			if got[0].weight <= 0 || got[0].weight > 1 {
				t.Errorf("weight %v outside (0,1]", got[0].weight)
			}
		})
	}
	// Capitalised words inside a sentence are names: no irregular forms, only proper-noun senses.
	ts := an.analyze("We met Rose and Bill in June")
	if ts[2].stem != "rose" || len(ts[4].entry.Syn)+len(ts[4].entry.Hyp) != 0 || len(ts[6].entry.Hyp) == 0 {
		t.Errorf("Rose %q, Bill senses %v, June hypernyms %v", ts[2].stem, ts[4].entry.Syn, ts[6].entry.Hyp)
	}
	if bill := an.analyze("bill"); len(bill[0].entry.Syn) == 0 {
		t.Errorf("lower-case bill has no senses")
	}
	// Rare words weigh more than frequent ones.
	rare, common := an.analyze("sourdough")[0].weight, an.analyze("make")[0].weight
	if rare <= common {
		t.Errorf("weight(sourdough) %v <= weight(make) %v", rare, common)
	}
	typo, _ := an.correct(an.analyze("restaruant")[0])
	if typo != stem("restaurant") {
		t.Errorf("correct(restaruant) = %q", typo)
	}
	if name, _ := an.correct(an.analyze("Restaruant")[0]); name != "" {
		t.Errorf("capitalised word corrected to %q", name)
	}
	for _, pair := range [][2]string{{"foot", "ball"}, {"ice", "cream"}, {"got", "married"}, {"passed", "away"}} {
		ts := an.analyze(pair[0] + " " + pair[1])
		if js := an.joinStem(ts[0], ts[1]); js == "" {
			t.Errorf("joinStem(%q, %q) = \"\"", pair[0], pair[1])
		}
	}
}
