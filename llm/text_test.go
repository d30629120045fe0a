package llm

import (
	"testing"
)

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
				if tm.Word == tc.word {
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
