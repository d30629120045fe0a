package text

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"stems and folds case", "Alice LOVES running marathons", []string{"alic", "love", "run", "marathon"}},
		{"drops stop words", "I went to the store", []string{"went", "store"}},
		{"possessive", "Alice's dog", []string{"alic", "dog"}},
		{"curly apostrophe", "Bob’s car", []string{"bob", "car"}},
		{"unicode letters kept", "Zoë visited Zürich und 東京", []string{"zoë", "visit", "zürich", "und", "東", "京", "東京"}},
		{"numbers kept", "born in 1990, room 42b", []string{"born", "1990", "room", "42b"}},
		{"keeps negation", "does not eat meat", []string{"not", "eat", "meat"}},
		{"punctuation only", "?!...", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Analyze(tt.in)
			if len(got) == 0 {
				got = nil
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Analyze(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestUnique(t *testing.T) {
	got := Unique([]string{"a", "b", "a", "c", "b"})
	if diff := cmp.Diff([]string{"a", "b", "c"}, got); diff != "" {
		t.Error(diff)
	}
}

// WordSet splits on any run of white space, line breaks included, and
// holds each word once.
func TestWordSet(t *testing.T) {
	got := WordSet("hoy  mañana\n\tayer hoy ")
	want := map[string]bool{"hoy": true, "mañana": true, "ayer": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

func TestSpeaker(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Anna: see you at 10:30", "anna"},
		{"Mary Ann Smith: hello", "mary ann smith"},
		{"Jean-Luc Picard: engage", "jean luc picard"},
		{"meet at 10:30 tomorrow", ""},
		{"note: buy milk", ""},
		{"todo: call Bob", ""},
		{"Reminder: we use tabs here", ""},
		{"Understood: short answers from now on", ""},
		{"Note: the API is rate limited", ""},
		{"Updated: the staging DB now listens on 6543", ""},
		{"Fixed: the flaky login test", ""},
		{"Ahmed: we moved the standup", "ahmed"},
		{"Fred: updated the README", "fred"},
		{"elise: I'm from Houston", "elise"},
		{"kevin_99: hi", ""},
		{"elise:no space", ""},
		{"https://example.com is the docs", ""},
		{"iPhone: the battery died", ""},
		{"meeting notes: agenda", ""},
		{"The Four Big Words Here: no", ""},
		{"Anna said: hi", ""},
		{"no colon at all", ""},
	}
	for _, tt := range tests {
		if got := Speaker(tt.in); got != tt.want {
			t.Errorf("Speaker(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestAnalyzeQueryLeavesOutTheUser(t *testing.T) {
	for q, want := range map[string][]string{
		"where does the user work?":     {"work"},
		"User's favourite food":         {"favourit", "food"},
		"which users have admin access": {"admin", "access"},
	} {
		if got := AnalyzeQuery(q); !slices.Equal(got, want) {
			t.Errorf("AnalyzeQuery(%q) = %q, want %q", q, got, want)
		}
	}
	if got := Analyze("User likes coffee"); !slices.Contains(got, "user") {
		t.Errorf("Analyze keeps the word in stored text, got %q", got)
	}
}

// WithoutQuestionWords cuts the question words of Chinese and Japanese out
// of a query, as a space would, and leaves other text (English, whose
// question words are stop words; Hangul) as it was, in NFKC.
func TestWithoutQuestionWords(t *testing.T) {
	cases := []struct{ in, want string }{
		{"我开什么车？", "我开 车?"},
		{"我女儿什么时候上钢琴课？", "我女儿 上钢琴课?"},
		{"周末我一般做什么", "周末我一般做 "},
		{"犬の名前は何？", "犬の名前は "},
		{"来月どこに出張しますか？", "来月 に出張しますか?"},
		{"what car do I drive?", "what car do I drive?"},
		{"나는 아침에 무엇을 해요?", "나는 아침에 무엇을 해요?"},
		{"ＡＰＩ什么", "API "},
		// Words that start or end other words are cut only as questions.
		{"何伟住在哪里", "何伟住在 "},
		{"任何时候都可以", "任何时候都可以"},
		{"いつも何時に起きる?", "いつも に起きる?"},
		{"あいつの誕生日はいつ?", "あいつの誕生日は "},
		{"いくら丼が好き", "いくら丼が好き"},
		{"ランチはいくら?", "ランチは "},
	}
	for _, c := range cases {
		if got := WithoutQuestionWords(c.in); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	// The terms a query looks for lose the question word and its seams.
	got := AnalyzeQuery(WithoutQuestionWords("我开什么车？"))
	if want := []string{"我开", "车"}; !slices.Equal(got, want) {
		t.Errorf("terms %q, want %q", got, want)
	}
}
