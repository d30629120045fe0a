package text

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnalyzeUnspacedScripts(t *testing.T) {
	tests := []struct {
		name, in string
		stored   []string // Analyze
		query    []string // AnalyzeQuery
	}{
		{"chinese sentence", "喝咖啡", []string{"喝", "咖", "喝咖", "啡", "咖啡"}, []string{"喝咖", "咖啡"}},
		{"one character", "茶", []string{"茶"}, []string{"茶"}},
		{"japanese with the long-vowel mark", "コーヒー", []string{"コ", "ー", "コー", "ヒ", "ーヒ", "ー", "ヒー"},
			[]string{"コー", "ーヒ", "ヒー"}},
		{"latin glued to han stays a word", "iPhone买了", []string{"iphon", "买", "了", "买了"}, []string{"iphon", "买了"}},
		{"punctuation ends a run", "咖啡，茶。", []string{"咖", "啡", "咖啡", "茶"}, []string{"咖啡", "茶"}},
		{"spaced words around a run", "I drink 咖啡 daily", []string{"drink", "咖", "啡", "咖啡", "daili"},
			[]string{"drink", "咖啡", "daili"}},
		{"hangul", "커피를", []string{"커", "피", "커피", "를", "피를"}, []string{"커피", "피를"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.stored, Analyze(tt.in)); diff != "" {
				t.Errorf("Analyze(%q) (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.query, AnalyzeQuery(tt.in)); diff != "" {
				t.Errorf("AnalyzeQuery(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestQueryTermsAreStoredTerms checks the property search relies on: every
// term of a query for a word written inside a stored text is a term of that
// text, in every unspaced script.
func TestQueryTermsAreStoredTerms(t *testing.T) {
	tests := []struct{ stored, query string }{
		{"我每天早上都喜欢喝一杯咖啡", "咖啡"},
		{"我每天早上都喜欢喝一杯咖啡", "喜欢喝"},
		{"我每天早上都喜欢喝一杯咖啡", "杯"},
		{"毎朝コーヒーを飲むのが好きです", "コーヒー"},
		{"毎朝コーヒーを飲むのが好きです", "飲む"},
		{"저는 아침마다 커피를 마셔요", "커피"},
		{"ฉันชอบดื่มกาแฟทุกเช้า", "กาแฟ"},
	}
	for _, tt := range tests {
		stored := Analyze(tt.stored)
		query := AnalyzeQuery(tt.query)
		if len(query) == 0 {
			t.Errorf("AnalyzeQuery(%q) has no terms", tt.query)
		}
		for _, term := range query {
			if !slices.Contains(stored, term) {
				t.Errorf("query %q term %q is not among the terms of %q: %q", tt.query, term, tt.stored, stored)
			}
		}
	}
}

// TestAnalyzeReadsOneSpelling checks that the spellings Unicode has for one
// text analyse alike: composed and decomposed accents, full-width forms,
// ligatures, half-width kana.
func TestAnalyzeReadsOneSpelling(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"decomposed accent", "Jose\u0301 likes cre\u0300me bru\u0302le\u0301e", "José likes crème brûlée"},
		{"full-width letters and digits", "ＡＢＣ１２３ room", "abc123 room"},
		{"ligature", "the ﬁnal ﬂight", "the final flight"},
		{"half-width katakana", "ｺｰﾋｰ", "コーヒー"},
		{"decomposed hangul", "\u1112\u1161\u11ab\u1100\u1173\u11af", "한글"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if a, b := Analyze(tt.a), Analyze(tt.b); !slices.Equal(a, b) || len(a) == 0 {
				t.Errorf("Analyze(%q) = %q, Analyze(%q) = %q: want the same terms", tt.a, a, tt.b, b)
			}
			if a, b := AnalyzeQuery(tt.a), AnalyzeQuery(tt.b); !slices.Equal(a, b) {
				t.Errorf("AnalyzeQuery(%q) = %q, AnalyzeQuery(%q) = %q: want the same terms", tt.a, a, tt.b, b)
			}
		})
	}
}

// TestAnalyzeUnchangedForSpacedText pins that the spaced scripts' terms are
// what they were before unspaced runs were cut: the index of an English,
// Russian or Arabic text must not change with the analysis version.
func TestAnalyzeUnchangedForSpacedText(t *testing.T) {
	for in, want := range map[string][]string{
		"Alice's café in Zürich opens at 10:30": {"alic", "café", "zürich", "open", "10", "30"},
		"Москва — столица России":               {"москва", "столица", "россии"},
		"أنا أعيش في القاهرة":                   {"أنا", "أعيش", "في", "القاهرة"},
	} {
		if got := Analyze(in); !slices.Equal(got, want) {
			t.Errorf("Analyze(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCompatibilityFormKeepsASCIIAsIs(t *testing.T) {
	s := strings.Repeat("plain ascii text ", 4)
	if got := CompatibilityForm(s); got != s {
		t.Errorf("CompatibilityForm changed ASCII text: %q", got)
	}
	if got := CompatibilityForm("ﬁ１"); got != "fi1" {
		t.Errorf("CompatibilityForm(%q) = %q, want %q", "ﬁ１", got, "fi1")
	}
}
