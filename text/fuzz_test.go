package text

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are the odd inputs real chats and probes send a tokenizer.
var fuzzSeeds = []string{
	"Hello, World!", "I don't think she'll go", "Anna's café", "naïve résumé Zu\u0308rich", "e\u0301\u0301\u0301",
	"\u0301\u0301", "東京 Москва", "أنا أعيش في القاهرة", "I 💜 sushi 🍣 👩‍👩‍👧‍👦", "\x00", "a\x00b", "\xff\xfe",
	"caf\xc3", "don'\xff", "it\u2019s", "'''", "-'-", "a-'b", "x-", "--", strings.Repeat("a", 200),
	strings.Repeat("ab'", 100), "Mary Ann Smith: hi", "elise: I'm from Houston", "https://x.io: hi", ":",
	" : ", "A B C D: x", "\u202eAnna\u202c: hi", "iPhone: new", "3.14 2024-05-01 10:30 1e309", "?!?!", "…",
	"Node.js AT&T Jean-Luc", "我喜欢喝咖啡", "ｺｰﾋｰを飲む", "ฉันชอบกาแฟ", "iPhone买了", "Jose\u0301", "\u200b\u200d", "ǅemal", "İstanbul", "ß", "ﬁsh", "Ⅻ", "٣٤٥", "\t\n\r",
}

// FuzzText drives every entry point of the package: no panic, token spans
// inside the text, the index's two paths (Tokens and Scan) agreeing, and
// analysed terms non-empty and within MaxTermLen.
func FuzzText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "-.&")
	}
	f.Fuzz(func(t *testing.T, s, joiners string) {
		for _, o := range []Options{{}, {Apostrophe: SplitContractions, FoldAccents: true},
			{Apostrophe: KeepApostrophe, Joiners: joiners}} {
			for _, tok := range Scan(s, o) {
				if tok.Start < 0 || tok.End > len(s) || tok.Start > tok.End || tok.Word == "" {
					t.Fatalf("Scan(%q, %+v): token %+v", s, o, tok)
				}
			}
		}
		if got, want := Tokens(s), Words(Scan(s, Options{})); !slices.Equal(got, want) {
			t.Fatalf("Tokens(%q) = %q, Scan's words %q", s, got, want)
		}
		for _, term := range Analyze(s) {
			if term == "" || len(term) > MaxTermLen {
				t.Fatalf("Analyze(%q): term %q", s, term)
			}
			IsNoiseWord(term)
		}
		Unique(Analyze(s))
		if n := SpeakerLabel(s); n > maxLabelWords {
			t.Fatalf("SpeakerLabel(%q) = %d", s, n)
		}
		Speaker(s)
		if utf8.ValidString(s) && !utf8.ValidString(FoldAccents(s)) {
			t.Fatalf("FoldAccents(%q) is not valid UTF-8", s)
		}
	})
}
