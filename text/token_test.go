package text

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// reader is how the built-in embedder reads (llm): contractions split, accents folded.
var reader = Options{Apostrophe: SplitContractions, FoldAccents: true}

func TestScanSplitContractions(t *testing.T) {
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
		{"a lone n't", "I do n't know", []string{"i", "do", "not", "know"}},
		{"non-latin", "東京 Москва", []string{"東京", "москва"}},
		{"empty", "  \n\t ", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, tok := range Scan(tc.in, reader) {
				got = append(got, tok.Word)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Scan(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestTokenFlags(t *testing.T) {
	toks := Scan("Alice e-mailed Bob. Then", reader)
	want := []Token{{Word: "alice", Capital: true, Initial: true, Title: true, End: 5},
		{Word: "e", Hyphen: true, Start: 6, End: 7}, {Word: "mailed", Start: 8, End: 14},
		{Word: "bob", Capital: true, Title: true, Pause: true, Start: 15, End: 18},
		{Word: "then", Capital: true, Initial: true, Title: true, Pause: true, Start: 20, End: 24}}
	if diff := cmp.Diff(want, toks); diff != "" {
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
			for _, tok := range Scan(tc.in, reader) {
				got = append(got, flags{tok.Word, tok.Title, tok.Label, tok.Pause, tok.Ask})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Scan(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestTokensIndexForm(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string
	}{
		{"apostrophe cuts", "Alice's dog doesn't bark", []string{"alice", "dog", "does", "not", "bark"}},
		{"curly apostrophe cuts", "Bob’s car", []string{"bob", "car"}},
		{"accents kept", "Zoë café", []string{"zoë", "café"}},
		{"trailing apostrophe", "the dogs' bowls", []string{"the", "dogs", "bowls"}},
		{"hyphen splits", "well-known", []string{"well", "known"}},
		{"empty", "?!", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Tokens(tc.in)); diff != "" {
				t.Errorf("Tokens(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestScanKeepApostrophe(t *testing.T) {
	got := Words(Scan("I'm sure we don’t, o'clock", Options{Apostrophe: KeepApostrophe}))
	if diff := cmp.Diff([]string{"i'm", "sure", "we", "don't", "o'clock"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestStopWidths(t *testing.T) {
	cases := []struct {
		w           string
		stop, noise bool
	}{
		{"the", true, true},
		{"not", false, true}, // a negation matches in the index, weighs nothing for meaning
		{"may", false, true}, // a month as well as a modal
		{"yeah", false, true},
		{"berlin", false, false},
	}
	for _, tc := range cases {
		if IsStopWord(tc.w) != tc.stop || IsNoiseWord(tc.w) != tc.noise {
			t.Errorf("%q: stop %v noise %v, want %v %v", tc.w, IsStopWord(tc.w), IsNoiseWord(tc.w), tc.stop, tc.noise)
		}
	}
}

func TestScanSpansAndJoiners(t *testing.T) {
	in := "Jean-Luc uses Node.js at AT&T; don’t"
	toks := Scan(in, Options{Apostrophe: KeepApostrophe, Joiners: "-.&"})
	var got []string
	for _, tok := range toks {
		got = append(got, tok.Word+"="+in[tok.Start:tok.End])
	}
	want := []string{"jean-luc=Jean-Luc", "uses=uses", "node.js=Node.js", "at=at", "at&t=AT&T", "don't=don’t"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("word=written (-want +got):\n%s", diff)
	}
	// Folding works on each word, so the spans still index the text as written.
	for _, tok := range Scan("Zoë’s café", reader) {
		if tok.End <= tok.Start || tok.End > len("Zoë’s café") {
			t.Errorf("span %d..%d of %q", tok.Start, tok.End, tok.Word)
		}
	}
}

// sample is a chat turn of the dev sets' shape: names, a contraction, a
// date, a question.
const sample = "Rhea: Hey Ana! I went to the beekeeping club on 7 May 2023, and it wasn't easy. " +
	"The old keepers' stories were so inspiring; what's the café you mentioned near Zürich?"

// BenchmarkTokens is the index's analysis of every stored text and query.
func BenchmarkTokens(b *testing.B) {
	for b.Loop() {
		Tokens(sample)
	}
}

// BenchmarkScan is the built-in embedder's reading of a text.
func BenchmarkScan(b *testing.B) {
	for b.Loop() {
		Scan(sample, reader)
	}
}
