package llm

import (
	"context"
	"testing"
)

func TestStandardForm(t *testing.T) {
	an, err := newAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ in, want string }{
		{"tmrw", "tomorrow"},
		{"u", "you"},
		{"dont", "not"},
		{"thats", "that"},
		{"talkin", "talking"},
		{"somethin", "something"},
		{"sooooo", "so"},
		{"yesss", "yes"},     // the word itself, not the plural of "yes"
		{"goood", "good"},    // doubled letters before single ones
		{"loooved", "loved"}, // an inflection when no word squeezes out
		{"highest", "high"},
		{"simplest", "simple"},
		{"women", "woman"},
		// As written: known words, words with no known squeeze, and forms with another reading.
		{"robin", "robin"},
		{"latest", "latest"},
		{"zzzxq", "zzzxq"},
		{"def", "def"},
		{"ill", "ill"},
		{"www", "www"},
	}
	for _, tc := range cases {
		if got := an.standardForm(tc.in); got != tc.want {
			t.Errorf("standardForm(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestInformalTerms(t *testing.T) {
	an, err := newAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	byWord := func(s string) map[string]term {
		m := map[string]term{}
		for _, tm := range an.analyze(s) {
			m[tm.Word] = tm
		}
		return m
	}
	// A name keeps its spelling: "Ur" inside a sentence is the city, not "your".
	if got := byWord("We flew to Ur last spring"); got["ur"].stem != "ur" {
		t.Errorf(`"Ur" as a name: stem %q, want "ur"`, got["ur"].stem)
	}
	// Shouted texting forms are still texting forms.
	if got := byWord("see you TMRW"); got["tomorrow"].stem == "" {
		t.Errorf(`"TMRW" not read as tomorrow: %v`, got)
	}
	// A filler weighs what a noise word does, and a greeting before a name still makes it a vocative.
	got := byWord("aww Anna, nah that was great")
	if !got["nah"].stop || !got["aww"].stop {
		t.Errorf("fillers not noise: nah %v, aww %v", got["nah"].stop, got["aww"].stop)
	}
	if !got["anna"].voc {
		t.Error(`"aww Anna" no longer a vocative`)
	}
}

func TestFillersDoNotOutweighContent(t *testing.T) {
	// A chat line padded with fillers is about its content words: before fillers were noise, "nah" and
	// "omg" weighed as much as rare words.
	emb := NewBuiltinEmbedder()
	vs, err := emb.Embed(context.Background(), []string{
		"omg nah tbh the concert was great", "the concert was great", "omg nah tbh the lecture was great"})
	if err != nil {
		t.Fatal(err)
	}
	same, other := similarity(vs[0], vs[1]), similarity(vs[0], vs[2])
	if same < 0.95 || same <= other {
		t.Errorf("sim with its content = %.3f, with other content = %.3f; want >= 0.95 and more", same, other)
	}
}
